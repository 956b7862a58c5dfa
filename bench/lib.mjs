import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/cluster-lib.mjs';

export const root = path.resolve(import.meta.dirname, '..');

// A free loopback port: the cluster script's, which finds nginx's and each replica's.
export { freePort };

/**
 * Starts a child process (in `cwd`, the repository unless given) and resolves once `ready(line)` returns a value
 * for a line of its output.
 */
export function startProcess(command, args, { env = {}, ready, timeoutMs = 120_000, cwd = root }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in time`)), timeoutMs);
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk;
      for (const line of buffered.split('\n')) {
        const value = ready(line);
        if (value !== undefined) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.stdout.resume();
          child.stderr.resume();
          resolve({ child, value });
          return;
        }
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (buffered += chunk));
    child.on('exit', (code) =>
      reject(
        new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${buffered.slice(-2000)}`),
      ),
    );
  });
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/**
 * The real product process in production mode (embedded PostgreSQL in a throwaway folder), with rate limiting
 * out of the way; `seedDemo` adds the demo data `npm start` seeds (three published roadmaps among it). Production
 * never seeds demo data itself (decision 023), so a development start on the same folder seeds it first.
 */
export async function startProduct({ seedDemo = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const start = async (env) => {
    const port = await freePort();
    const started = startProcess(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
        ...secrets,
        ...env,
      },
      ready: (line) => (line.includes(`:${port}`) ? true : undefined),
    });
    const { child } = await started.catch((error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
    return { child, port };
  };
  if (seedDemo) await stopProcess((await start({ NODE_ENV: 'development', SEED_DEMO: 'true' })).child);
  const { child, port } = await start({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO: 'false',
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the web app when apps/web/dist has none: benchmarks of pages measure the production build. */
export function ensureWebBuild() {
  if (existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@skillroute/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
}

/**
 * A cookie the app reads nothing from: the request is as anonymous as without it, but a request with a cookie is
 * left to the framework (no answer replay, decision 080), so a bench can load the framework's own path for a URL.
 */
export const THROUGH_THE_FRAMEWORK = { cookie: 'bench-visitor=1' };

export function load(url, { durationSeconds, connections = 50, headers = undefined }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: durationSeconds, pipelining: 1 }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

/**
 * Loads each target (a URL, or `{ url, headers }` for requests with headers of their own) in turn, alternating
 * over `rounds` so drift on the machine touches every side alike, after a 2 s warm-up of each. Answers
 * requests/s and p99 per round, by name; any non-2xx answer stops the run.
 */
export async function compareLoad(targets, { rounds, seconds }) {
  const rates = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  const p99 = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  const requestOf = (target) => (typeof target === 'string' ? { url: target } : target);
  for (const target of Object.values(targets)) {
    const { url, headers } = requestOf(target);
    await load(url, { durationSeconds: 2, headers });
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const [name, target] of Object.entries(targets)) {
      const { url, headers } = requestOf(target);
      const result = await load(url, { durationSeconds: seconds, headers });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rates[name].push(result.requests.average);
      p99[name].push(result.latency.p99);
      console.log(
        `round ${round} ${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
      );
    }
  }
  return { rates, p99 };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Replaces this benchmark's section of bench/RESULTS.md (between its markers) with `markdown`. */
export function recordResult(name, markdown) {
  const file = path.join(root, 'bench', 'RESULTS.md');
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmark results\n\nWritten by `npm run bench`; each section is replaced by its latest run.\n';
  }
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
}

/** The line every section starts with: what ran the numbers, so runs on other machines are not compared blindly. */
export function machine() {
  const cpu = cpus();
  return `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${new Date().toISOString().slice(0, 10)}`;
}

/**
 * A TypeScript child with an IPC channel, sharing this terminal's output.
 * @param {string} script
 * @param {{ env?: Record<string, string>, execArgv?: string[] }} [options]
 */
export function startChild(script, { env = {}, execArgv = [] } = {}) {
  return spawn(process.execPath, ['--import', 'tsx', ...execArgv, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Asks a startChild child to stop (its IPC `stop`, or SIGTERM once the channel is gone); SIGKILL after 30 s. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}

/** The child's next message of `type`; a `failed` message, an exit or the timeout reject. */
export function nextMessage(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const done = (settle, value) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      settle(value);
    };
    const onMessage = (message) => {
      if (message.type === type) done(resolve, message);
      else if (message.type === 'failed') done(reject, new Error(message.message));
    };
    const onExit = (code) =>
      done(reject, new Error(`the child exited with ${code} while we waited for "${type}"`));
    const timer = setTimeout(
      () => done(reject, new Error(`no "${type}" within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
