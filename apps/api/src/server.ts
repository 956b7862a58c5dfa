// The process entry: configuration, the database (embedded unless DATABASE_URL), migrations, seed,
// listen; and a shutdown on SIGINT/SIGTERM that drains (DESIGN.md §5a) and leaves no PostgreSQL behind.
import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { assertDataDirWritable, DataDirError } from './data-dir';
import { assertDatabaseReachable, createDatabase, createPool } from './db/client';
import { EmbeddedPostgresUnreachable, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateDatabase } from './db/migrate';
import { runSeeders } from './db/seed';
import { createLogger } from './lib/logger';
import { connectRedis } from './lib/redis';
import { ServiceUnreachable } from './lib/unreachable';
import { demoSeeders } from './seeders';
import { demoAdminLine } from './seeders/demo-admin';

/** Past this, a shutdown that is stuck (a hung connection, a PostgreSQL that ignores SIGINT) gives up. */
const SHUTDOWN_DEADLINE_MS = 20_000;

let config: Config;
try {
  config = loadConfig();
  assertDataDirWritable(
    config.dataDir,
    config.files.storage === 'disk' ? config.files.uploadsDir : undefined,
  );
} catch (error) {
  // Only the message: a stack trace would bury the one line that says which variable to fix.
  if (error instanceof ConfigError)
    process.stderr.write(`Skillroute cannot start: the configuration is not valid.\n${error.message}\n`);
  else if (error instanceof DataDirError) process.stderr.write(`Skillroute cannot start: ${error.message}\n`);
  else throw error;
  process.exit(1);
}

const logger: Logger = createLogger(config);
/** What to undo on shutdown, newest first: the HTTP server, then Redis, then PostgreSQL. */
const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
let stopping = false;
/** The app once built, so a shutdown can mark it draining before it closes. */
let running: App | undefined;

async function start(): Promise<void> {
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === undefined) {
    const pgDataDir = path.join(config.dataDir, 'postgres');
    const postgres = await startEmbeddedPostgres(pgDataDir, logger);
    cleanups.push({ name: 'embedded PostgreSQL', run: () => postgres.stop() });
    void postgres.exited.then(() => {
      if (!stopping)
        logger.error(
          { pgDataDir },
          'the embedded PostgreSQL exited on its own; requests needing the database will fail',
        );
    });
    databaseUrl = postgres.connectionString;
    logger.info({ port: postgres.port, pgDataDir }, 'embedded PostgreSQL is running');
  } else {
    await assertDatabaseReachable(databaseUrl);
  }
  if (stopping) return;

  await migrateDatabase(databaseUrl);
  if (stopping) return;

  if (config.seedDemo) {
    const pool = createPool(databaseUrl, logger, 2);
    try {
      const ran = await runSeeders(createDatabase(pool), demoSeeders);
      if (ran.length > 0) logger.info({ seeders: ran }, 'demo data seeded');
    } finally {
      await pool.end();
    }
  }
  if (stopping) return;

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  if (redis) cleanups.push({ name: 'Redis', run: () => redis.quit() });
  if (stopping) return;

  const app = await buildApp(config, { databaseUrl, redis, logger });
  running = app;
  cleanups.push({ name: 'HTTP server', run: () => app.close() });
  await app.listen({ port: config.port, host: '::' }).catch(async (error: NodeJS.ErrnoException) => {
    // A machine without IPv6 cannot bind '::'; IPv4 alone is then the best we can do.
    if (error.code !== 'EAFNOSUPPORT' && error.code !== 'EADDRNOTAVAIL') throw error;
    await app.listen({ port: config.port, host: '0.0.0.0' });
  });
  if (stopping) return;

  const localUrl = `http://localhost:${config.port}`;
  process.stdout.write(`Skillroute is running at ${localUrl}\n`);
  if (config.nodeEnv === 'development') process.stdout.write(`API docs: ${localUrl}/api/docs\n`);
  const demoAdmin = demoAdminLine(config);
  if (demoAdmin !== undefined) process.stdout.write(`${demoAdmin}\n`);
  // Without a mail server, the sign-up code has to be readable somewhere: say where.
  if (config.mail.smtpUrl === undefined)
    process.stdout.write(
      `Mail: SMTP_URL is not set, so mails are printed to the log and kept in ${path.join(config.dataDir, 'mail')}\n`,
    );
}

async function runCleanups(): Promise<boolean> {
  let clean = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      clean = false;
      logger.error({ err: error }, `could not stop the ${cleanup.name} cleanly`);
    }
  }
  return clean;
}

/**
 * The first half of a graceful stop: /api/health answers 503 at once, and for SHUTDOWN_DRAIN_SECONDS the
 * process still serves everything else, so a balancer probing health stops sending before the port closes.
 * Closing the app then stops listening, finishes the requests in flight, closes every socket (their clients
 * reconnect, through the balancer, to another process), stops the job workers after their current jobs, and
 * closes the pool.
 */
async function drain(): Promise<void> {
  if (running === undefined) return;
  running.lifecycle.drain();
  if (config.shutdownDrainSeconds > 0) {
    logger.info({ seconds: config.shutdownDrainSeconds }, 'serving while the balancer notices, then closing');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
  }
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(
    () => {
      logger.error('shutdown took too long; exiting anyway');
      process.exit(1);
    },
    SHUTDOWN_DEADLINE_MS + config.shutdownDrainSeconds * 1000,
  ).unref();
  // Let a start in progress reach a step boundary, so whatever it started is in `cleanups`.
  await started.catch(() => undefined);
  await drain();
  const clean = await runCleanups();
  logger.flush();
  process.exit(clean ? 0 : 1);
}

// Before the start, so a Ctrl-C during start-up is handled too (and is never mistaken for a listener
// added by a library while it loads).
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

const started = start();

started.catch(async (error: unknown) => {
  if (stopping) return;
  stopping = true;
  // An error that already says what to do is printed as it is, without a stack trace.
  const plain = error instanceof EmbeddedPostgresUnreachable || error instanceof ServiceUnreachable;
  logger.fatal(plain ? { reason: error.message } : { err: error }, 'Skillroute could not start');
  process.stderr.write(
    `Skillroute could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  await runCleanups();
  logger.flush();
  process.exit(1);
});
