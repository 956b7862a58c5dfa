import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/db/embedded-postgres';
import { createTestDatabase } from './helpers';
import { repositoryRoot, serverPort, spawnServer, waitForOutput } from './server-process';

/** PostgreSQL processes whose command line names this data folder. */
function postgresProcessesOn(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return commandLine.includes('postgres') && commandLine.includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function embeddedPostgresPort(output: string): number {
  const line = output.split('\n').find((l) => l.includes('embedded PostgreSQL is running'));
  return (JSON.parse(line ?? '{}') as { port: number }).port;
}

// Every test starts the real entry through tsx, one test four at once; on a busy two-core machine a start takes
// tens of seconds, so each test waits on the processes' own exits under one generous deadline, not a tight clock.
describe('the server process', { timeout: 180_000 }, () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a bad configuration with exit code 1 and one plain message naming the variable', async () => {
    const server = spawnServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT=abc: expected a whole number from 1 to 65535');
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(server.output()).not.toContain('ConfigError');
  });

  it('refuses a DATA_DIR it cannot write with exit code 1 and one sentence naming it, without a stack', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-data-dir-'));
    folders.push(folder);
    // Root passes every permission check, so "cannot write" is a file where a folder should be.
    const aFile = path.join(folder, 'a-file');
    writeFileSync(aFile, 'not a folder');
    const uploadsAFile = path.join(folder, 'uploads-a-file');
    mkdirSync(uploadsAFile);
    writeFileSync(path.join(uploadsAFile, 'uploads'), 'not a folder');
    const secrets = { JWT_SECRET: 'a'.repeat(32), ADMIN_JWT_SECRET: 'b'.repeat(32) };
    const cases = [
      // Without signing secrets, the dev secrets file is the first thing written.
      { env: { DATA_DIR: aFile }, sentence: `DATA_DIR ${aFile} is not a writable folder (it is a file).` },
      {
        env: { DATA_DIR: aFile, ...secrets },
        sentence: `DATA_DIR ${aFile} is not a writable folder (it is a file).`,
      },
      {
        env: { DATA_DIR: path.join(aFile, 'data') },
        sentence: `DATA_DIR ${path.join(aFile, 'data')} is not a writable folder (a part of its path is a file).`,
      },
      {
        env: { DATA_DIR: uploadsAFile, ...secrets },
        sentence: `The uploads folder ${path.join(uploadsAFile, 'uploads')} in DATA_DIR is not a writable folder (it is a file).`,
      },
    ];
    const servers = cases.map(({ env }) => spawnServer(env));
    for (const [i, server] of servers.entries()) {
      const { sentence } = cases[i] ?? { sentence: '' };
      expect(await server.exited, sentence).toBe(1);
      expect(server.output()).toBe(
        `Skillroute cannot start: ${sentence} Set DATA_DIR to a folder Skillroute may write.\n`,
      );
    }
  });

  it('refuses an unreachable DATABASE_URL with exit code 1 and one line naming it and its address, not its password', async () => {
    const port = await findFreePort();
    const server = spawnServer({
      DATABASE_URL: `postgres://skillroute:hunter2@127.0.0.1:${port}/skillroute`,
    });
    expect(await server.exited).toBe(1);
    expect(server.errors().trim().split('\n')).toEqual([
      `Skillroute could not start: Cannot reach PostgreSQL at DATABASE_URL (127.0.0.1:${port}): connection refused.`,
    ]);
    expect(server.output()).not.toContain('hunter2');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('refuses an unreachable REDIS_URL with exit code 1 and one line naming it and its address, once', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-bad-redis-'));
    folders.push(dataDir);
    try {
      const port = await findFreePort();
      const server = spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`,
      });
      expect(await server.exited).toBe(1);
      expect(server.errors().trim().split('\n')).toEqual([
        `Skillroute could not start: Cannot reach Redis at REDIS_URL (127.0.0.1:${port}): connection refused.`,
      ]);
      // Its cause is in that line; the log does not repeat it as a retry warning or a bare "Connection is closed".
      expect(server.output()).not.toContain('redis connection problem');
      expect(server.output()).not.toContain('Connection is closed');
      expect(server.output()).not.toContain('hunter2');
    } finally {
      await database.drop();
    }
  });

  it('starts on an embedded PostgreSQL, stops cleanly on Ctrl-C to its process group, and restarts on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-lifecycle-'));
    folders.push(dataDir);
    const port = await serverPort();
    const env = { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'true' };

    const first = spawnServer(env);
    await waitForOutput(first, `Skillroute is running at http://localhost:${port}`, 60_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
    expect(postgresProcessesOn(dataDir).length).toBeGreaterThan(0);

    // What Ctrl-C in a terminal does: SIGINT to every process of the group, PostgreSQL included.
    process.kill(-(first.child.pid ?? 0), 'SIGINT');
    expect(await first.exited).toBe(0);
    expect(postgresProcessesOn(dataDir)).toEqual([]);

    const second = spawnServer(env);
    await waitForOutput(second, `Skillroute is running at http://localhost:${port}`, 60_000);
    expect(second.output()).not.toContain('initialising a new embedded PostgreSQL cluster');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const client = new pg.Client({
      connectionString: `postgres://postgres:skillroute@127.0.0.1:${embeddedPostgresPort(second.output())}/postgres`,
    });
    await client.connect();
    const duplicates = await client.query('select name from seed_runs group by name having count(*) > 1');
    // The demo data was seeded once over both starts: one demo admin, not two.
    const demoAdmins = await client.query(
      `select count(*)::int as count from admins where email = 'admin@skillroute.dev'`,
    );
    const migrations = await client.query('select count(*)::int as count from drizzle.__drizzle_migrations');
    await client.end();
    expect(duplicates.rows).toEqual([]);
    expect(demoAdmins.rows[0]).toEqual({ count: 1 });
    // Each committed migration ran exactly once, over both starts.
    const committedMigrations = (
      JSON.parse(readFileSync(path.join(repositoryRoot, 'apps/api/drizzle/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    expect(migrations.rows[0]).toEqual({ count: committedMigrations });

    // A service manager's SIGTERM to the node process alone stops PostgreSQL too.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(postgresProcessesOn(dataDir)).toEqual([]);
    // How fast the second start is, is measured by `npm run bench -- startup`, not asserted here.
  });
});
