#!/usr/bin/env node
// `npm run dev`: the api under `tsx watch` on :3000 and Vite on :5173 (proxying /api and the socket to
// :3000), side by side with prefixed output. Ctrl-C stops both; if one dies, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const colour = process.stdout.isTTY
  ? { api: '\x1b[36m', web: '\x1b[35m', reset: '\x1b[0m' }
  : { api: '', web: '', reset: '' };

const services = [
  {
    name: 'api',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'apps/api/src/server.ts'],
    cwd: root,
    env: { PORT: '3000', NODE_ENV: 'development' },
  },
  { name: 'web', command: bin('vite'), args: [], cwd: path.join(root, 'apps/web'), env: {} },
];

let stopping = false;
let firstFailure = 0;
const running = new Set();

function stopAll(signal) {
  stopping = true;
  for (const child of running) if (child.exitCode === null) child.kill(signal);
}

for (const service of services) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    // FORCE_COLOR keeps colours (and the api's pretty logs) although the output goes through a pipe.
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...service.env },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  running.add(child);
  const prefix = `${colour[service.name]}[${service.name}]${colour.reset} `;
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${prefix}${line}\n`));
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
      firstFailure = code || 1;
      stopAll('SIGTERM');
    }
    if (running.size === 0) process.exit(firstFailure);
  });
}

// Ctrl-C reaches the children directly too (one process group); passing it on covers a signal sent to
// this process alone. Both servers shut down gracefully on it (the api stops its PostgreSQL).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
