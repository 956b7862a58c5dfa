import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/migrate';
import { quoteIdentifier, runOnServer, uniqueDatabaseName, withDatabase } from './database-server';
import { buildTestApp, type TestApp } from './helpers';
import { externalRedisUrl, reachable } from './reachable';

// The PostgreSQL this machine runs for the scale-out paths; override to point elsewhere.
const externalPostgresUrl =
  process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const postgresReachable = await reachable(externalPostgresUrl);
const redisReachable = await reachable(externalRedisUrl);
if (!postgresReachable)
  console.warn(
    `Skipping the DATABASE_URL scale-out test: nothing listens at ${new URL(externalPostgresUrl).host}.`,
  );
if (!redisReachable)
  console.warn(
    `Skipping the REDIS_URL scale-out test: nothing listens at ${new URL(externalRedisUrl).host}.`,
  );

describe.runIf(postgresReachable)('with DATABASE_URL (an external PostgreSQL server)', () => {
  const name = uniqueDatabaseName('skillroute_scaleout');
  const databaseUrl = withDatabase(externalPostgresUrl, name);
  let t: TestApp;
  beforeAll(async () => {
    await runOnServer(externalPostgresUrl, `CREATE DATABASE ${quoteIdentifier(name)}`);
    await migrateDatabase(databaseUrl);
    t = await buildTestApp({ databaseUrl, env: { DATABASE_URL: databaseUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await runOnServer(externalPostgresUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  });

  it('migrates a fresh database there, with the extensions, and reports healthy', async () => {
    expect(t.config.seedDemo).toBe(false);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const extensions = await client.query<{ extname: string }>(
      `select extname from pg_extension where extname in ('citext', 'pg_trgm', 'btree_gist') order by extname`,
    );
    await client.end();
    expect(extensions.rows.map((row) => row.extname)).toEqual(['btree_gist', 'citext', 'pg_trgm']);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('migrates idempotently when a second replica starts', async () => {
    await expect(
      Promise.all([migrateDatabase(databaseUrl), migrateDatabase(databaseUrl)]),
    ).resolves.toBeDefined();
  });
});

describe.runIf(redisReachable)('with REDIS_URL (two replicas)', () => {
  const namespace = `skillroute-test-${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  let replicaA: TestApp;
  let replicaB: TestApp;
  beforeAll(async () => {
    // One connection per replica, as two processes would have.
    for (let i = 0; i < 2; i += 1) clients.push(new Redis(externalRedisUrl, { maxRetriesPerRequest: 1 }));
    replicaA = await buildTestApp({
      redis: clients[0],
      rateLimitNamespace: namespace,
      env: { RATE_LIMIT_MAX: '4' },
    });
    replicaB = await buildTestApp({
      redis: clients[1],
      rateLimitNamespace: namespace,
      env: { RATE_LIMIT_MAX: '4' },
    });
  });
  afterAll(async () => {
    await replicaA?.close();
    await replicaB?.close();
    const keys = await clients[0]?.keys(`${namespace}*`);
    if (keys && keys.length > 0) await clients[0]?.del(...keys);
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('shares one rate-limit count between the replicas', async () => {
    const statuses: number[] = [];
    for (const app of [replicaA, replicaB, replicaA, replicaB, replicaA]) {
      statuses.push((await app.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    }
    // Four requests of one client spend the budget across both replicas; the fifth is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await replicaB.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(429);
  });
});
