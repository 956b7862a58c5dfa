import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { createDatabase, createPool, type Database } from '../db/client';
import { admins } from '../db/schema';
import { verifyPassword } from '../lib/passwords';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { warn() {} }, 2);
  db = createDatabase(pool);
  dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-admin-create-'));
});
afterAll(async () => {
  await pool.end();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the command as `npm run admin:create -- ...args` does, against this file's database. */
function adminCreate(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://skillroute.test',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const adminRow = async (email: string) => (await db.select().from(admins).where(eq(admins.email, email)))[0];

describe('npm run admin:create', () => {
  it('creates an admin with an argon2id hash and says where to sign in', async () => {
    const result = await adminCreate(
      '--email',
      'Boss@Example.org',
      '--password',
      'first-pass-1',
      '--name',
      'Boss',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'Admin created: boss@example.org (Boss). Sign in at http://skillroute.test/admin/login\n',
    );
    const row = await adminRow('boss@example.org');
    expect(row?.name).toBe('Boss');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', 'first-pass-1')).toBe(true);
  });

  it('gives an existing admin a new password and keeps the name when none is given', async () => {
    const result = await adminCreate('--email', 'boss@example.org', '--password', 'second-pass-2');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Admin updated: boss@example.org (Boss)');
    const row = await adminRow('boss@example.org');
    expect(await verifyPassword(row?.passwordHash ?? '', 'second-pass-2')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? '', 'first-pass-1')).toBe(false);
    expect((await db.select().from(admins)).length).toBe(1);
  });

  it('refuses bad input with the shared rules, exits non-zero and saves nothing', async () => {
    const cases = [
      {
        args: ['--email', 'not-an-email', '--password', 'good-pass-1'],
        says: '--email: Please enter a valid e-mail address',
      },
      {
        args: ['--email', 'weak@example.org', '--password', 'lettersonly'],
        says: '--password: Password must contain a digit',
      },
      {
        args: ['--email', 'name@example.org', '--password', 'good-pass-1', '--name', 'R2D2'],
        says: '--name: Username must only contain alphabets',
      },
      { args: ['--email', 'half@example.org'], says: 'Both --email and --password are needed.' },
      {
        args: ['--email', 'x@example.org', '--password', 'good-pass-1', '--admin', 'yes'],
        says: "Unknown option '--admin'",
      },
    ];
    for (const { args, says } of cases) {
      const result = await adminCreate(...args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain(says);
      expect(result.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    }
    expect((await db.select().from(admins)).map((row) => row.email)).toEqual(['boss@example.org']);
    // Five runs of the command, each a new Node process compiling TypeScript: over 30 s at a load average of 15.
  }, 120_000);

  it("stops npm start printing the demo admin's old password once it is changed here", async () => {
    const demoFile = path.join(dataDir, 'demo-admin.json');
    writeFileSync(demoFile, JSON.stringify({ email: 'admin@skillroute.dev', password: 'old-demo-pass-1' }));
    const result = await adminCreate('--email', 'admin@skillroute.dev', '--password', 'my-own-pass-1');
    expect(result.code).toBe(0);
    expect(existsSync(demoFile)).toBe(false);
  });

  it('says plainly when the database cannot be reached', async () => {
    const child = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const run = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/api/src/cli/admin-create.ts',
          '--email',
          'a@example.org',
          '--password',
          'good-pass-1',
        ],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:9/none',
            DATA_DIR: dataDir,
            NODE_ENV: 'test',
          },
        },
      );
      let stderr = '';
      run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      run.on('close', (code) => resolve({ code, stderr }));
    });
    expect(child.code).toBe(1);
    expect(child.stderr).toMatch(/^Could not save the admin: /);
  });
});
