// Notification fan-out across two replicas, for `npm run bench -- cluster`: 2,000 authenticated sockets split
// evenly over two api processes on one PostgreSQL and Redis. The notifications are created in the first one (the
// server process of bench/sockets, joined to the shared database and Redis), so half of the deliveries stay in
// its process and half cross Redis to the second (started by scripts/cluster-lib.mjs, as `npm run cluster` does).
// The clients reach each replica's own port: behind nginx, sockets.io's upstream hashes the client address,
// and every client here has the same one.
import { randomBytes } from 'node:crypto';
import { startCluster, type Cluster } from '../../scripts/cluster-lib.mjs';
import {
  quoteIdentifier,
  runOnServer,
  uniqueDatabaseName,
  withDatabase,
} from '../../apps/api/test/database-server';
import { nextMessage, startChild, stopChild } from '../lib.mjs';
import {
  ask,
  checkFileLimit,
  clockOffset,
  CONNECT_TIMEOUT_MS,
  countFromEnv,
  round,
  SPARE_DESCRIPTORS,
} from '../sockets/orchestrate.mjs';
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
  const serverEnv: Record<string, string> = {
    BENCH_SOCKETS: String(sockets),
    BENCH_SHARED_ENV: JSON.stringify(shared),
  };
  const server = startChild('bench/sockets/server.ts', { env: serverEnv, execArgv: ['--expose-gc'] });
  const clients = startChild('bench/sockets/clients.ts');
  let second: Cluster | undefined;
  try {
    const ready = await nextMessage(server, 'ready', 300_000);
    // The second replica as `npm run cluster` starts it (its nginx goes unused), run as the first one is
    // (bench/product-app.ts): production, the sandbox payments, no rate limit in the way, the first one's origin.
    second = await startCluster({
      replicas: 1,
      databaseUrl: shared.DATABASE_URL,
      redisUrl,
      env: {
        ...shared,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        PUBLIC_URL: ready.origin,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
      },
    });
    const port = second.replicas[0]?.port;
    const connection = await ask(
      clients,
      {
        type: 'connect',
        urls: [ready.url, `http://127.0.0.1:${port}`],
        origin: ready.origin,
        users: ready.users,
        batchSize,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      },
      'connected',
      600_000,
    );
    console.log(
      `fan-out: ${connection.connected} sockets connected over two replicas, ${connection.refused} refused${connection.errors.length ? ` (${connection.errors.join('; ')})` : ''}`,
    );
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
    await Promise.all([stopChild(clients), stopChild(server), second?.stop()]);
    await runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  }
}
