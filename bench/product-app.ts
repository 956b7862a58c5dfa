// The real api (buildApp) on an embedded PostgreSQL in a throwaway folder, as the benchmark servers run
// it: production mode, rate limiting out of the way, fresh secrets, no demo data.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig, type Config } from '../apps/api/src/config';
import { findFreePort, startEmbeddedPostgres, type RunningPostgres } from '../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { createLogger } from '../apps/api/src/lib/logger';

export interface BenchProduct {
  app: App;
  config: Config;
  /** The embedded PostgreSQL, for a benchmark that looks at the database beside the app (a query plan). */
  databaseUrl: string;
  /** Closes the app, then PostgreSQL, then removes the folder; answers whether every step went cleanly. */
  stop(): Promise<boolean>;
}

/**
 * `webDistDir` defaults to a folder with no build: only the API is served. `env` adds to (or overrides) the
 * environment the configuration is read from, e.g. `SMTP_URL`.
 */
export async function startBenchProduct(name: string, options: { webDistDir?: string; env?: Record<string, string> } = {}): Promise<BenchProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `skillroute-bench-${name}-`));
  // As root, PostgreSQL runs as the postgres user and must reach its folder.
  chmodSync(dataDir, 0o755);
  let postgres: RunningPostgres | undefined;
  let app: App | undefined;
  const stop = async () => {
    let clean = true;
    for (const [step, run] of [
      ['the app', () => app?.close()],
      ['PostgreSQL', () => postgres?.stop()],
    ] as const) {
      try {
        await run();
      } catch (error) {
        clean = false;
        process.stderr.write(`bench server: could not stop ${step}: ${error instanceof Error ? error.stack : String(error)}\n`);
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
    postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), logger);
    await migrateDatabase(postgres.connectionString);
    app = await buildApp(config, { databaseUrl: postgres.connectionString, logger, webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build') });
    await app.listen({ port, host: '127.0.0.1' });
    return { app, config, databaseUrl: postgres.connectionString, stop };
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
    process.stderr.write(`bench server: did not start: ${error instanceof Error ? error.stack : String(error)}\n`);
    await stop();
  });
}
