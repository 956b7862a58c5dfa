// Two real api processes (apps/api/src/server.ts) behind nginx on this machine's PostgreSQL and Redis, as
// `npm run cluster` runs them (DESIGN.md §5a). Started once for the file; the tests that stop replicas come last.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import PgBoss from 'pg-boss';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signal } from '@skillroute/shared/meet';
import { userEventName } from '@skillroute/shared/notifications';
import {
  NGINX,
  reachable,
  startCluster,
  type Cluster,
  type Replica,
} from '../../../../scripts/cluster-lib.mjs';
import { createDatabase, createPool, type Database } from '../../src/db/client';
import { bookings, users } from '../../src/db/schema';
import { createUser, signedInAs, type SignedInPerson } from '../accounts';
import { DAY_MS, MINUTE_MS, weekAhead } from '../bookings';
import { quoteIdentifier, runOnServer, uniqueDatabaseName, withDatabase } from '../database-server';
import { insertBooking, join, meetUrl, ask } from '../meet';
import { createMentor } from '../mentors';
import { addresses, eventually, nextEvent, openSocket, send, steadyLoad, type Answer } from './support';

const postgresUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = randomBytes(32).toString('hex');
const RATE_LIMIT_MAX = 40;
const prefix = `skillroute-cluster-test-${randomBytes(4).toString('hex')}`;
const databaseName = uniqueDatabaseName('skillroute_cluster');
const databaseUrl = withDatabase(postgresUrl, databaseName);
const UTC_WEEKDAYS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, [10, 11, 12, 13, 14, 15, 16]]),
);

let cluster: Cluster;
let db: Database;
let closePool: () => Promise<void>;
const output: string[] = [];
const sockets: Socket[] = [];
const nextAddress = addresses('127.0');
const replicaAt = (answer: Answer) =>
  cluster.replicas.find((replica) => answer.upstream.endsWith(`:${replica.port}`));

/** Signed-in users, inserted in one statement; their sessions opened a few at a time (the pool is small). */
async function people(count: number): Promise<SignedInPerson[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `Person ${index}`,
        email: `person-${randomUUID()}@example.org`,
        verifiedAt: new Date(),
      })),
    )
    .returning();
  const signedIn: SignedInPerson[] = [];
  for (let i = 0; i < rows.length; i += 4)
    signedIn.push(
      ...(await Promise.all(rows.slice(i, i + 4).map((row) => signedInAs(db, JWT_SECRET, row, new Date())))),
    );
  return signedIn;
}

/** Bookable slots: fresh UTC mentors, each with 35 hours a week, a week ahead (so no job falls due meanwhile). */
async function slots(count: number): Promise<Array<{ mentorId: string; startTime: string }>> {
  const { at } = weekAhead();
  const found: Array<{ mentorId: string; startTime: string }> = [];
  while (found.length < count) {
    const mentorId = await createMentor(db, { availability: { timezone: 'UTC', weeklyHours: UTC_WEEKDAYS } });
    for (let day = 0; day < 5; day += 1)
      for (let hour = 10; hour < 17; hour += 1)
        found.push({ mentorId, startTime: at(day, hour).toISOString() });
  }
  return found.slice(0, count);
}

/** A load of reads and bookings through nginx (about 20 requests a second), each booking a slot and a person of its own. */
async function bookingLoad() {
  const supply = await slots(120);
  const mentees = await people(supply.length);
  const reads: Answer[] = [];
  const writes: Array<Answer & { menteeId: string }> = [];
  const load = steadyLoad(async (n) => {
    const from = nextAddress();
    if (n % 2 === 0) {
      reads.push(await send(cluster.url, 'GET', '/api/config', { from }));
      return;
    }
    const index = (n - 1) / 2;
    const slot = supply[index];
    const mentee = mentees[index];
    if (slot === undefined || mentee === undefined) return;
    const answer = await send(cluster.url, 'POST', '/api/bookings', {
      from,
      cookie: mentee.cookie,
      body: slot,
    });
    writes.push({ ...answer, menteeId: mentee.id });
  }, 50);
  return { load, reads, writes };
}

async function liveBookingsOf(menteeIds: string[]): Promise<number> {
  if (menteeIds.length === 0) return 0;
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(inArray(bookings.menteeId, menteeIds));
  return rows.length;
}

const missing = [
  ...((await reachable(postgresUrl)) ? [] : [`PostgreSQL at ${new URL(postgresUrl).host}`]),
  ...((await reachable(redisUrl)) ? [] : [`Redis at ${new URL(redisUrl).host}`]),
  ...(existsSync(NGINX) ? [] : [`nginx at ${NGINX} (npm run cluster installs it)`]),
];
if (missing.length > 0) console.warn(`Skipping the cluster tests: missing ${missing.join(', ')}.`);

describe.runIf(missing.length === 0)('two api processes behind nginx', () => {
  beforeAll(async () => {
    await runOnServer(postgresUrl, `CREATE DATABASE ${quoteIdentifier(databaseName)}`);
    cluster = await startCluster({
      replicas: 2,
      databaseUrl,
      redisUrl,
      env: {
        NODE_ENV: 'test',
        JWT_SECRET,
        ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        REDIS_KEY_PREFIX: prefix,
        LOG_LEVEL: 'warn',
      },
      onOutput: (line: string, source: string) => output.push(`[${source}] ${line}`),
    });
    const pool = createPool(databaseUrl, { warn: () => undefined }, 4);
    db = createDatabase(pool);
    closePool = () => pool.end();
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster?.stop();
    await closePool?.();
    await runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    if (process.env.CLUSTER_OUTPUT) console.log(output.join('\n'));
  }, 120_000);

  it('carries a notification made through replica A to a socket held by replica B, and a meeting signal across', async () => {
    const [a, b] = cluster.replicas as [Replica, Replica];
    const urlA = `http://127.0.0.1:${a.port}`;
    const urlB = `http://127.0.0.1:${b.port}`;
    const user = await createUser(db, {
      email: `asha-${randomUUID()}@example.org`,
      password: 'secret-pass-1',
    });
    const session = await signedInAs(db, JWT_SECRET, user, new Date());
    const onB = await openSocket(urlB, session.cookie, '127.0.0.1');
    sockets.push(onB);
    const heard = nextEvent<{ type: string }>(onB, userEventName(user.email));
    // Signing in again, on A, while a session is live tells the user of the new sign-in.
    const signIn = await send(urlA, 'POST', '/api/auth/login', {
      from: nextAddress(),
      body: { email: user.email, password: 'secret-pass-1' },
    });
    expect(signIn.status, signIn.body).toBe(200);
    expect((await heard).type).toBe('security');

    const mentor = await createUser(db, { email: `meera-${randomUUID()}@example.org` });
    const mentee = await createUser(db, { email: `ravi-${randomUUID()}@example.org` });
    const { roomId } = await insertBooking(db, { mentorId: mentor.id, menteeId: mentee.id }, 5 * MINUTE_MS);
    const mentorOnA = await openSocket(
      meetUrl(urlA),
      (await signedInAs(db, JWT_SECRET, mentor, new Date())).cookie,
      '127.0.0.1',
    );
    const menteeOnB = await openSocket(
      meetUrl(urlB),
      (await signedInAs(db, JWT_SECRET, mentee, new Date())).cookie,
      '127.0.0.1',
    );
    sockets.push(mentorOnA, menteeOnB);
    expect(await join(mentorOnA, roomId)).toMatchObject({ ok: true });
    expect(await join(menteeOnB, roomId)).toMatchObject({ ok: true, peerPresent: true });
    const offer = { description: { type: 'offer' as const, sdp: 'v=0' } };
    const menteeGetsOffer = nextEvent<Signal>(menteeOnB, 'signal');
    await ask(mentorOnA, 'signal', offer);
    expect(await menteeGetsOffer).toEqual(offer);
    for (const socket of [onB, mentorOnA, menteeOnB]) socket.close();
  });

  it('lets exactly one of 200 concurrent requests for one slot, spread over both replicas, hold it', async () => {
    const [slot] = (await slots(1)) as [{ mentorId: string; startTime: string }];
    const racers = await people(200);
    const answers = await Promise.all(
      racers.map((racer) =>
        send(cluster.url, 'POST', '/api/bookings', { from: nextAddress(), cookie: racer.cookie, body: slot }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(new Set(answers.map((answer) => replicaAt(answer)?.name)).size).toBe(2);
    const held = await db.execute<{ count: string }>(
      sql`select count(*) as count from bookings where mentor_id = ${slot.mentorId} and status in ('pending_payment', 'confirmed')`,
    );
    expect(Number(held.rows[0]?.count)).toBe(1);
  });

  it('runs each reminder job exactly once with both replicas running workers', async () => {
    const mentee = await createUser(db, { email: `mentee-${randomUUID()}@example.org` });
    const booked = [];
    for (let i = 0; i < 10; i += 1) {
      const mentor = await createUser(db, { email: `mentor-${randomUUID()}@example.org`, role: 'mentor' });
      booked.push(
        await insertBooking(
          db,
          { mentorId: mentor.id, menteeId: mentee.id },
          2 * DAY_MS + i * 2 * 60 * MINUTE_MS,
        ),
      );
    }
    // Queued from outside, as a booking's confirmation queues them: due now, so every worker may take them.
    const boss = new PgBoss({
      connectionString: databaseUrl,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    for (const booking of booked)
      await boss.send(
        'bookings.remind',
        { bookingId: booking.id, lead: '24h' },
        { singletonKey: `${booking.id}:24h` },
      );
    const jobIds = await eventually(async () => {
      const done = await db.execute<{ id: string }>(
        sql`select id from pgboss.job where name = 'bookings.remind' and state = 'completed'`,
      );
      return done.rows.length === booked.length ? done.rows : undefined;
    }, 'the reminder jobs to complete');
    await boss.stop({ graceful: false });
    expect(jobIds).toHaveLength(10);
    const reminders = await db.execute<{ user_id: string; count: string }>(
      sql`select user_id, count(*) as count from notifications where type = 'booking_reminder' group by user_id`,
    );
    // Two people per booking, one reminder each: the mentee ten, each mentor one.
    expect(reminders.rows.find((row) => row.user_id === mentee.id)?.count).toBe('10');
    expect(reminders.rows.filter((row) => row.user_id !== mentee.id).map((row) => row.count)).toEqual(
      Array(10).fill('1'),
    );
    const retried = await db.execute(
      sql`select id from pgboss.job where name = 'bookings.remind' and retry_count > 0`,
    );
    expect(retried.rows).toEqual([]);
  });

  it("holds one client's rate limit across both replicas", async () => {
    const from = nextAddress();
    const answers: Answer[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 5; i += 1)
      answers.push(await send(cluster.url, 'GET', '/api/config', { from }));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(RATE_LIMIT_MAX);
    expect(answers.slice(RATE_LIMIT_MAX).map((answer) => answer.status)).toEqual(Array(5).fill(429));
    expect(new Set(answers.map((answer) => replicaAt(answer)?.name)).size).toBe(2);
    // The health check is never counted, whoever asks.
    expect((await send(cluster.url, 'GET', '/api/health', { from })).status).toBe(200);
  });

  it('keeps serving when a replica is killed under load: no acknowledged write lost, sockets reconnect and re-sync', async () => {
    // A socket through nginx, pinned by its address to the replica about to be killed.
    const from = nextAddress();
    const probe = await send(cluster.url, 'GET', '/notification-socket/socket.io/?EIO=4&transport=polling', {
      from,
    });
    const victim = replicaAt(probe);
    const survivor = cluster.replicas.find((replica) => replica !== victim);
    expect(victim).toBeDefined();
    const user = await createUser(db, {
      email: `kept-${randomUUID()}@example.org`,
      password: 'secret-pass-1',
    });
    const session = await signedInAs(db, JWT_SECRET, user, new Date());
    const socket = await openSocket(cluster.url, session.cookie, from);
    sockets.push(socket);
    const dropped = nextEvent<string>(socket, 'disconnect');

    const { load, reads, writes } = await bookingLoad();
    await eventually(
      async () => (writes.filter((write) => write.status === 201).length >= 5 ? true : undefined),
      'some bookings before the kill',
    );
    await victim?.stop('SIGKILL');
    expect(await dropped).toBe('transport close');
    await nextEvent(socket, 'connect');
    await eventually(
      async () =>
        writes.filter((write) => replicaAt(write) === survivor && write.status === 201).length >= 10
          ? true
          : undefined,
      'bookings after the kill',
    );
    await load.stop();

    // Every read was answered (nginx tries a refused or reset GET on the survivor).
    expect(reads.filter((read) => read.status !== 200)).toEqual([]);
    // A booking either was acknowledged and is kept, or failed in flight on the killed replica and was never acknowledged.
    const acknowledged = writes.filter((write) => write.status === 201);
    expect(writes.filter((write) => write.status !== 201 && write.status !== 502)).toEqual([]);
    expect(await liveBookingsOf(acknowledged.map((write) => write.menteeId))).toBe(acknowledged.length);

    // The reconnected socket is in its user's room on the survivor: a new notification reaches it live,
    // and the list it re-reads holds it.
    const heard = nextEvent<{ type: string }>(socket, userEventName(user.email));
    const signIn = await send(cluster.url, 'POST', '/api/auth/login', {
      from: nextAddress(),
      body: { email: user.email, password: 'secret-pass-1' },
    });
    expect(signIn.status, signIn.body).toBe(200);
    expect((await heard).type).toBe('security');
    const list = await send(cluster.url, 'GET', `/api/user/notifications/${encodeURIComponent(user.email)}`, {
      from: nextAddress(),
      cookie: session.cookie,
    });
    expect(list.status).toBe(200);
    expect(
      (JSON.parse(list.body) as { notifications: Array<{ type: string }> }).notifications.map(
        (item) => item.type,
      ),
    ).toContain('security');
    socket.close();
    await victim?.start();
  });

  it('loses no request in a rolling restart under load (SIGTERM one, start it again, then the other)', async () => {
    const { load, reads, writes } = await bookingLoad();
    for (const replica of cluster.replicas) {
      const exited = replica.stop('SIGTERM');
      await replica.markedDown();
      // Drained, not killed: the process exits on its own, cleanly.
      expect(await exited).toBe(0);
      await replica.start();
    }
    await load.stop();
    expect(reads.length + writes.length).toBeGreaterThan(20);
    expect([...reads, ...writes].filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual(
      [],
    );
    expect(await liveBookingsOf(writes.map((write) => write.menteeId))).toBe(writes.length);
  });
});
