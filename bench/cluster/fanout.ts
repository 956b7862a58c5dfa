// Notification fan-out across two replicas, for `npm run bench -- cluster`: 2,000 authenticated sockets split
// evenly over two api processes on one PostgreSQL and Redis. The notifications are created in the first one (the
// server process of bench/sockets, joined to the shared database and Redis), so half of the deliveries stay in
// its process and half cross Redis to the second (apps/api/src/server.ts, as `npm run cluster` runs it).
// The clients reach each replica's own port: behind nginx, sockets.io's upstream hashes the client address,
// and every client here has the same one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, healthy } from '../../scripts/cluster-lib.mjs';
import { quoteIdentifier, runOnServer, uniqueDatabaseName, withDatabase } from '../../apps/api/test/database-server';
import { nextMessage, root, startChild, stopChild } from '../lib.mjs';
import { ask, checkFileLimit, clockOffset, CONNECT_TIMEOUT_MS, countFromEnv, round, SPARE_DESCRIPTORS } from '../sockets/orchestrate.mjs';
import { deliveryLatencies, summarize } from '../sockets/stats.mjs';

type Summary = ReturnType<typeof summarize>;

export interface FanoutResult {
  sockets: number;
  connected: number;
  refused: number;
  /** Sockets held by the notifying replica (as it counts them) and by the other (the rest of those connected). */
  held: [number, number];
  skewMs: number;
  /** Deliveries to the sockets of the replica that notified, and of the other one (through Redis). */
  local: Summary & { missing: number };
  crossing: Summary & { missing: number };
  duplicates: number;
  foreign: number;
  sendRate: number;
  emitLocal: Summary;
  emitCrossing: Summary;
  emitMissing: number;
}

/** Delivery latencies split by replica: user i's socket went to replica i % 2. */
function byReplica(sentAt: number[], receivedAt: Array<number | null>) {
  const half = (replica: number) => {
    const pick = <T>(list: T[]) => list.filter((_, index) => index % 2 === replica);
    const { latencies, missing } = deliveryLatencies(pick(sentAt), pick(receivedAt));
    return { ...summarize(latencies), missing };
  };
  return [half(0), half(1)] as const;
}

async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await healthy(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the second replica exited while starting (${child.signalCode ?? child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the second replica did not answer its health check within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopReplica(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function fanoutAcrossReplicas(postgresUrl: string, redisUrl: string): Promise<FanoutResult> {
  const sockets = countFromEnv('BENCH_SOCKETS', 2000);
  const batchSize = countFromEnv('BENCH_SOCKET_BATCH', 100);
  checkFileLimit(sockets, sockets + SPARE_DESCRIPTORS);
  const name = uniqueDatabaseName('skillroute_bench_fanout');
  await runOnServer(postgresUrl, `CREATE DATABASE ${quoteIdentifier(name)}`);
  // One set of secrets and one Redis prefix: a session opened by one replica is read by the other, and their
  // socket.io adapters meet on the same stream.
  const shared = {
    DATABASE_URL: withDatabase(postgresUrl, name),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `bench-fanout-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-fanout-'));
  chmodSync(dataDir, 0o755);
  const serverEnv: Record<string, string> = { BENCH_SOCKETS: String(sockets), BENCH_SHARED_ENV: JSON.stringify(shared) };
  const server = startChild('bench/sockets/server.ts', { env: serverEnv, execArgv: ['--expose-gc'] });
  const clients = startChild('bench/sockets/clients.ts');
  let other: ChildProcess | undefined;
  try {
    const ready = await nextMessage(server, 'ready', 300_000);
    const port = await freePort();
    other = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      // As the first replica runs (bench/product-app.ts): production, the sandbox payments, no rate limit in the way.
      env: {
        ...process.env,
        ...shared,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        PORT: String(port),
        PUBLIC_URL: ready.origin,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitHealthy(port, other);
    const connection = await ask(
      clients,
      { type: 'connect', urls: [ready.url, `http://127.0.0.1:${port}`], origin: ready.origin, users: ready.users, batchSize, connectTimeoutMs: CONNECT_TIMEOUT_MS },
      'connected',
      600_000,
    );
    console.log(`fan-out: ${connection.connected} sockets connected over two replicas, ${connection.refused} refused${connection.errors.length ? ` (${connection.errors.join('; ')})` : ''}`);
    if (connection.connected === 0) throw new Error('no socket connected, so there is nothing to measure');
    const heldHere = (await ask(server, { type: 'socket-count' }, 'socket-count', 10_000)).count;
    const serverClock = await clockOffset(server);
    const clientClock = await clockOffset(clients);
    const notified = await round(server, clients, { type: 'notify-all' }, 'notify-all');
    const emitted = await round(server, clients, { type: 'emit-only' }, 'emit-only');
    const [local, crossing] = byReplica(notified.sent.sentAt, notified.collected.receivedAt);
    const [emitLocal, emitCrossing] = byReplica(emitted.sent.sentAt, emitted.collected.receivedAt);
    return {
      sockets,
      connected: connection.connected,
      refused: connection.refused,
      held: [heldHere, connection.connected - heldHere],
      skewMs: clientClock.offset - serverClock.offset,
      local,
      crossing,
      duplicates: notified.collected.duplicates,
      foreign: notified.collected.foreign,
      sendRate: (notified.sent.sentAt.length / notified.sent.totalMs) * 1000,
      emitLocal,
      emitCrossing,
      emitMissing: emitted.missing,
    };
  } finally {
    await Promise.all([stopChild(clients), stopChild(server), stopReplica(other)]);
    rmSync(dataDir, { recursive: true, force: true });
    await runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  }
}
