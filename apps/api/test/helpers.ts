import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/app';
import { parseConfig, type Config } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { quoteIdentifier, runOnServer, uniqueDatabaseName, withDatabase } from './database-server';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database of this test file's own, cloned from the migrated template in milliseconds. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('testServerUrl');
  const name = uniqueDatabaseName('skillroute_test');
  await runOnServer(
    serverUrl,
    `CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(inject('templateDatabase'))}`,
  );
  return {
    url: withDatabase(serverUrl, name),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
  };
}

/** A configuration as the test environment would parse it, with real (throwaway) secrets. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-test-data-'));
  const parsed = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-user-secret-0123456789abcdef0123',
    ADMIN_JWT_SECRET: 'test-admin-secret-0123456789abcdef012',
    LOG_LEVEL: 'info',
    ...env,
  });
  return { ...parsed, jwtSecret: parsed.jwtSecret ?? '', adminJwtSecret: parsed.adminJwtSecret ?? '' };
}

export interface TestApp {
  app: App;
  config: Config;
  databaseUrl: string;
  /** Every log line the app wrote, parsed, so tests can see what reached the log but not the client. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<AppDeps, 'logger'>> {
  env?: Record<string, string>;
}

/**
 * The real app from `buildApp`, on its own fresh database unless `databaseUrl` is given. The web dist
 * folder defaults to one that does not exist, so tests never depend on a build.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, ...deps } = options;
  const config = testConfig(env);
  const database = deps.databaseUrl === undefined ? await createTestDatabase() : undefined;
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const databaseUrl = deps.databaseUrl ?? database?.url ?? '';
  const app = await buildApp(config, {
    webDistDir: path.join(config.dataDir, 'no-web-build'),
    ...deps,
    // Mails in a test are picked up within half a second and retried after about one. The minute's sweeps
    // would settle no-shows and expire holds, once a minute on a test's clock, while the test still reads
    // them: only the tests that ask for their schedules get them (the others run a sweep directly).
    jobs: { sweeps: false, ...(deps.jobs ?? { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 }) },
    databaseUrl,
    // The product's own logger (its redaction included), writing where the test can read it.
    logger: createLogger(config, sink),
  });
  await app.ready();
  return {
    app,
    config,
    databaseUrl,
    logs,
    async close() {
      await app.close();
      await database?.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
