// The real api (buildApp) on an embedded PostgreSQL in a throwaway folder (or a shared database and Redis, as
// one replica of several), as the benchmark servers run it: production mode, rate limiting out of the way,
// fresh secrets unless given, no demo data.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig, type Config } from '../apps/api/src/config';
import {
  findFreePort,
  startEmbeddedPostgres,
  type RunningPostgres,
} from '../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { createLogger } from '../apps/api/src/lib/logger';
import { connectRedis } from '../apps/api/src/lib/redis';

export interface BenchProduct {
  app: App;
  config: Config;
  /** The database (embedded unless given), for a benchmark that looks at it beside the app (a query plan). */
  databaseUrl: string;
  /** Closes the app, then PostgreSQL, then removes the folder; answers whether every step went cleanly. */
  stop(): Promise<boolean>;
}

/**
 * `webDistDir` defaults to a folder with no build: only the API is served. `postgresSettings` are given to an
 * embedded PostgreSQL (a given DATABASE_URL is as it is). `env` adds to (or overrides) the
 * environment the configuration is read from, e.g. `SMTP_URL`; with `DATABASE_URL` (migrated here) and
 * `REDIS_URL` in it, the process is one replica of several, as apps/api/src/server.ts would run it.
 */
export async function startBenchProduct(
  name: string,
  options: {
    webDistDir?: string;
    env?: Record<string, string>;
    postgresSettings?: Record<string, string>;
  } = {},
): Promise<BenchProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `skillroute-bench-${name}-`));
  // As root, PostgreSQL runs as the postgres user and must reach its folder.
  chmodSync(dataDir, 0o755);
  let postgres: RunningPostgres | undefined;
  let redis: Redis | undefined;
  let app: App | undefined;
  const stop = async () => {
    let clean = true;
    for (const [step, run] of [
      ['the app', () => app?.close()],
      ['Redis', () => redis?.quit()],
      ['PostgreSQL', () => postgres?.stop()],
    ] as const) {
      try {
        await run();
      } catch (error) {
        clean = false;
        process.stderr.write(
          `bench server: could not stop ${step}: ${error instanceof Error ? error.stack : String(error)}\n`,
        );
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    return clean;
  };
  try {
    const port = await findFreePort();
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
      ...options.env,
    });
    const logger = createLogger(config);
    if (config.databaseUrl === undefined)
      postgres = await startEmbeddedPostgres(
        path.join(dataDir, 'postgres'),
        logger,
        options.postgresSettings,
      );
    const databaseUrl = config.databaseUrl ?? postgres!.connectionString;
    await migrateDatabase(databaseUrl);
    if (config.redisUrl) redis = await connectRedis(config.redisUrl, logger);
    app = await buildApp(config, {
      databaseUrl,
      redis,
      logger,
      webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    });
    await app.listen({ port, host: '127.0.0.1' });
    return { app, config, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs a bench's server process: `start` starts the product, seeds it and prints its `ready` line; Ctrl-C,
 * SIGTERM or a failed start stops the product (`current`, once started) and exits.
 */
export function runBenchServer(start: () => Promise<void>, current: () => BenchProduct | undefined): void {
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const clean = (await current()?.stop()) ?? true;
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  start().catch(async (error: unknown) => {
    process.stderr.write(
      `bench server: did not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    await stop();
  });
}
