import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { connectionString } from './database';
import { dataDir } from './ports';

const root = path.resolve(import.meta.dirname, '../..');

export interface OwnServer {
  baseURL: string;
  /** Stops the process as a deploy would (SIGTERM, a graceful shutdown) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
}

async function answers(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * A second api process of the suite's product, on a port of its own, for a test that restarts it (the suite's
 * main server serves every other test meanwhile). It shares the main server's embedded PostgreSQL and data
 * folder (its generated secrets), so the browser contexts' sessions hold on both; cookies ignore the port.
 */
export async function startOwnServer(
  port: number,
  /** `development` lets the browser in at 127.0.0.1 as well as at PUBLIC_URL (plugins/origin-check.ts). */
  { nodeEnv = 'test' }: { nodeEnv?: 'test' | 'development' } = {},
): Promise<OwnServer> {
  const baseURL = `http://localhost:${port}`;
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATABASE_URL: connectionString(),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        NODE_ENV: nodeEnv,
        LOG_LEVEL: 'warn',
      },
    });
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code) => reject(new Error(`the test's own api process exited with ${code}`))),
    );
    const deadline = Date.now() + 90_000;
    while (!(await Promise.race([answers(baseURL), exited]))) {
      if (Date.now() > deadline)
        throw new Error(`the test's own api process did not answer on ${baseURL} within 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    exited.catch(() => {});
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  return { baseURL, start, stop };
}
