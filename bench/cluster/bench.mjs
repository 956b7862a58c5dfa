// `npm run bench -- cluster`: runs bench/cluster/measure.ts (TypeScript, so in a tsx child) when this machine's
// PostgreSQL and Redis listen and nginx is there (installed with apt when missing); says why otherwise.
import { spawn } from 'node:child_process';
import { ensureNginx, reachable } from '../../scripts/cluster-lib.mjs';
import { root } from '../lib.mjs';

export async function clusterBench() {
  const postgresUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
  for (const [name, url] of [
    ['PostgreSQL', postgresUrl],
    ['Redis', redisUrl],
  ]) {
    if (!(await reachable(url))) {
      console.log(`cluster: skipped, nothing listens for ${name} at ${new URL(url).host}`);
      return;
    }
  }
  if (!ensureNginx()) throw new Error('nginx is needed for the cluster benchmark');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cluster/measure.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the cluster benchmark failed (exit ${code})`);
}
