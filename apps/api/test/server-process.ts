import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far, interleaved. */
  output: () => string;
  /** Only stderr, what a terminal shows as the error. */
  errors: () => string;
  exited: Promise<number | null>;
}

/**
 * Below Linux's range for ports the kernel hands out itself (`ip_local_port_range`, 32768-60999 by default): to a
 * listener on port 0 (the embedded PostgreSQL's, `findFreePort`) and to every outgoing connection. A PORT taken from
 * that range can be handed to one of those between the test's check and the server's listen: once, the server's own
 * embedded PostgreSQL got the very port the test had chosen, and the server could not listen.
 */
const SERVER_PORTS = { from: 20_000, to: 32_000 };

/** Whether a server could listen on `port` now, on every interface as the api does. */
function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** A PORT for a spawned server, free now and never one the kernel hands out meanwhile. */
export async function serverPort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = SERVER_PORTS.from + Math.floor(Math.random() * (SERVER_PORTS.to - SERVER_PORTS.from));
    if (await canListenOn(port)) return port;
  }
  throw new Error(`no free port between ${SERVER_PORTS.from} and ${SERVER_PORTS.to}`);
}

/** The real entry, as `npm start` runs it, in a process group of its own (as a terminal would make). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repositoryRoot,
    detached: true,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, errors: () => errors, exited };
}

export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
