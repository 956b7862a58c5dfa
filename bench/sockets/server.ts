// The server process of the socket benchmarks: the real api (buildApp) on an embedded PostgreSQL in a
// throwaway folder (or, with BENCH_SHARED_ENV, one replica on a shared database and Redis), N verified users
// each with a live session, and on command one notification per user through the api's own notify function. Driven over IPC by bench/sockets/bench.mjs; run it with
// `node --import tsx --expose-gc` so memory can be read after a full collection.
import { randomUUID } from 'node:crypto';
import { userEventName, type NotificationEvent } from '@skillroute/shared/notifications';
import type { App } from '../../apps/api/src/app';
import { users } from '../../apps/api/src/db/schema';
import { openSession } from '../../apps/api/src/sessions/service';
import { startBenchProduct, type BenchProduct } from '../product-app';
import {
  clockNow,
  type BenchUser,
  type MemorySnapshot,
  type ServerReply,
  type ServerRequest,
} from './protocol';

const userCount = Number(process.env.BENCH_SOCKETS ?? 2000);
/** DATABASE_URL, REDIS_URL, secrets…: what makes this process one replica among others (bench/cluster/fanout.mjs). */
const sharedEnv = JSON.parse(process.env.BENCH_SHARED_ENV ?? '{}') as Record<string, string>;

let product: BenchProduct | undefined;
let app: App | undefined;
let seeded: Array<{ id: string; email: string }> = [];

/** Tells the orchestrator; once it is gone (Ctrl-C, a crash) there is nobody to tell, and that is no error. */
function reply(message: ServerReply): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

function memory(): MemorySnapshot {
  const collect = globalThis.gc;
  // Without a full collection the numbers would mostly measure garbage not yet collected.
  if (collect === undefined)
    throw new Error('memory needs a full garbage collection: start this process with --expose-gc');
  // Twice: the first pass can leave objects that only the second one finds unreachable.
  collect();
  collect();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external };
}

/** Users and their sessions straight through the api's code, not HTTP sign-up (argon2 would take minutes). */
async function seedUsers(target: App, secret: string): Promise<BenchUser[]> {
  const rows = Array.from({ length: userCount }, (_, index) => ({
    name: `Bench user ${index}`,
    email: `bench-${index}@skillroute.test`,
    verifiedAt: new Date(),
  }));
  seeded = await target.db.insert(users).values(rows).returning({ id: users.id, email: users.email });
  return target.db.transaction(async (tx) => {
    const signedIn: BenchUser[] = [];
    for (const user of seeded) {
      const tokens = await openSession(
        tx,
        secret,
        { sub: user.id, email: user.email, role: 'user' },
        { userAgent: 'skillroute-bench', ip: '127.0.0.1' },
        new Date(),
      );
      signedIn.push({ email: user.email, accessToken: tokens.accessToken });
    }
    return signedIn;
  });
}

async function start(): Promise<void> {
  product = await startBenchProduct('sockets', { env: sharedEnv });
  app = product.app;
  const config = product.config;
  const seedStarted = clockNow();
  const signedIn = await seedUsers(app, config.jwtSecret);
  reply({
    type: 'ready',
    url: config.publicUrl,
    origin: config.publicUrl,
    users: signedIn,
    seedMs: clockNow() - seedStarted,
  });
}

/** One notification per user, one after another as fast as the server goes, as events would come. */
async function notifyAll(target: App): Promise<void> {
  const sentAt: number[] = [];
  const callMs: number[] = [];
  const started = clockNow();
  for (const [index, user] of seeded.entries()) {
    const before = clockNow();
    sentAt.push(before);
    await target.services.unitOfWork((uow) =>
      uow.notify(user.id, {
        type: 'booking_reminder',
        message: `Your session starts in 15 minutes (${index})`,
        link: '/bookings',
      }),
    );
    callMs.push(clockNow() - before);
  }
  reply({ type: 'notify-all', sentAt, callMs, totalMs: clockNow() - started });
}

/**
 * The same events through the realtime plugin alone, without the rows: what the socket side costs by
 * itself, so the gap to notify-all is what the database adds.
 */
function emitOnly(target: App): void {
  const sentAt: number[] = [];
  const started = clockNow();
  for (const [index, user] of seeded.entries()) {
    sentAt.push(clockNow());
    const event: NotificationEvent = {
      id: randomUUID(),
      type: 'booking_reminder',
      message: `Your session starts in 15 minutes (${index})`,
      link: '/bookings',
      createdAt: new Date().toISOString(),
    };
    target.realtime.emitToUser(user.id, userEventName(user.email), event);
  }
  reply({ type: 'emit-only', sentAt, totalMs: clockNow() - started });
}

let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const clean = (await product?.stop()) ?? true;
  process.exit(clean ? 0 : 1);
}

process.on('message', (message: ServerRequest) => {
  const handle = async () => {
    if (message.type === 'stop') return stop();
    if (message.type === 'clock') return reply({ type: 'clock', now: clockNow() });
    if (app === undefined) throw new Error('the server is not ready yet');
    if (message.type === 'memory') reply({ type: 'memory', memory: memory() });
    else if (message.type === 'socket-count')
      reply({ type: 'socket-count', count: app.realtime.io.engine.clientsCount });
    else if (message.type === 'notify-all') await notifyAll(app);
    else emitOnly(app);
  };
  handle().catch((error: unknown) =>
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
// The orchestrator gone, or Ctrl-C in its terminal (which reaches this process too): clean up rather than
// leave PostgreSQL and its folder behind.
process.on('disconnect', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

start().catch(async (error: unknown) => {
  reply({
    type: 'failed',
    message: `the server did not start: ${error instanceof Error ? error.message : String(error)}`,
  });
  await stop();
});
