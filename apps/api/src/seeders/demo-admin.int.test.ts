import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { createDatabase, createPool, type Database } from '../db/client';
import { admins } from '../db/schema';
import { runSeeders } from '../db/seed';
import { verifyPassword } from '../lib/passwords';
import { createOrUpdateAdmin } from '../modules/admin/service';
import {
  createDemoAdminSeeder,
  DEMO_ADMIN_EMAIL,
  demoAdminLine,
  readDemoAdminCredentials,
} from './demo-admin';

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
let dataDir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { warn() {} }, 2);
  db = createDatabase(pool);
  dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-demo-admin-'));
});
afterEach(async () => {
  await pool.end();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = (seedDemo = true) => ({ seedDemo, dataDir, publicUrl: 'http://localhost:3000' });
const seeder = () => createDemoAdminSeeder(() => dataDir);

describe('demo admin seeder', () => {
  it('creates admin@skillroute.dev with a password kept owner-only in DATA_DIR, and the start-up line shows it', async () => {
    expect(demoAdminLine(config())).toBeUndefined();
    expect(await runSeeders(db, [seeder()])).toEqual(['demo-admin']);
    const credentials = readDemoAdminCredentials(dataDir);
    expect(credentials?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(credentials?.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9_-]{16}$/);
    expect(statSync(path.join(dataDir, 'demo-admin.json')).mode & 0o777).toBe(0o600);

    const [row] = await db.select().from(admins).where(eq(admins.email, DEMO_ADMIN_EMAIL));
    expect(await verifyPassword(row?.passwordHash ?? '', credentials?.password ?? '')).toBe(true);
    expect(demoAdminLine(config())).toBe(
      `Demo admin: admin@skillroute.dev / ${credentials?.password} (sign in at http://localhost:3000/admin/login)`,
    );
    expect(demoAdminLine(config(false))).toBeUndefined();
  });

  it('runs once per database and keeps the same password on every start', async () => {
    await runSeeders(db, [seeder()]);
    const first = readDemoAdminCredentials(dataDir);
    expect(await runSeeders(db, [seeder()])).toEqual([]);
    expect(readDemoAdminCredentials(dataDir)).toEqual(first);
    expect((await db.select().from(admins)).length).toBe(1);
  });

  it('prints nothing when an admin with that e-mail already had a password of its own', async () => {
    await createOrUpdateAdmin(db, { email: DEMO_ADMIN_EMAIL, password: 'chosen-by-me-1' });
    await runSeeders(db, [seeder()]);
    expect(demoAdminLine(config())).toBeUndefined();
    const [row] = await db.select().from(admins).where(eq(admins.email, DEMO_ADMIN_EMAIL));
    expect(await verifyPassword(row?.passwordHash ?? '', 'chosen-by-me-1')).toBe(true);
  });
});
