#!/usr/bin/env node
// `npm run cluster [-- --replicas N]`: N api processes (2 by default) behind nginx on one PostgreSQL
// (DATABASE_URL, or an embedded one this script starts once) and one Redis (REDIS_URL, or the local one).
// Prints the URL, and stops everything on Ctrl-C or SIGTERM.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureNginx, startCluster } from './cluster-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { replicas: { type: 'string', default: '2' }, port: { type: 'string' } },
});
const replicas = Number(values.replicas);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 16) {
  console.error(`--replicas ${values.replicas}: expected a whole number from 1 to 16`);
  process.exit(1);
}
const port = values.port === undefined ? undefined : Number(values.port);

if (!ensureNginx()) process.exit(1);
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app first.');
  if (
    spawnSync('npm', ['run', 'build', '-w', '@skillroute/web'], { cwd: root, stdio: 'inherit' }).status !== 0
  )
    process.exit(1);
}

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let cluster;
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(
    `\n${signal}: draining the replicas, then stopping nginx${process.env.DATABASE_URL ? '' : ' and PostgreSQL'}.`,
  );
  await cluster?.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));

try {
  cluster = await startCluster({
    replicas,
    port,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl,
    dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, 'data', 'cluster'),
    // Warnings and errors only: the health probes alone would print four request lines a second per replica.
    env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
    log: (line) => console.log(line),
    onOutput: (line, source) => console.log(`[${source}] ${line}`),
  });
} catch (error) {
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (stopping) process.exit(0);
console.log(`\nSkillroute cluster is running at ${cluster.url}`);
console.log(
  `${replicas} api processes (ports ${cluster.replicas.map((r) => r.port).join(', ')}) behind nginx; Redis ${redisUrl}. Ctrl-C stops everything.`,
);
