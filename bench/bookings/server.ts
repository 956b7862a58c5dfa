// The server process of the bookings benchmark: the real api (buildApp) on an embedded PostgreSQL in a throwaway
// folder, with everyone the three measures need written straight into the tables and signed in the way the
// integration tests sign people in (a session row and its access token, no password hashing):
//   - the race: one mentor and 500 users, each with a session cookie;
//   - the throughput: one mentor per load connection, each with mentees of its own, so no two connections
//     ever wait for the same person and every request can succeed;
//   - the slots: one mentor with 1,000 bookings in the past and the future, of every status, none overlapping.
// Writes what the bench needs (cookies, ids, the slots route's queries and the time of its `freeSlots`) to BENCH_BOOKINGS_SEED_FILE, then prints
// `ready`; Ctrl-C (or SIGTERM) stops it and cleans up.
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client';
import * as schema from '../../apps/api/src/db/schema';
import { findAvailabilityOwner } from '../../apps/api/src/modules/availability/repository';
import { timeHoldingBookingsOf } from '../../apps/api/src/modules/bookings/repository';
import { busyByPerson } from '../../apps/api/src/modules/bookings/rules';
import { freeSlots } from '../../apps/api/src/modules/availability/slots';
import { createMentor } from '../../apps/api/test/mentors';
import { runBenchServer, startBenchProduct, type BenchProduct } from '../product-app';
import { cookiesOf, newUsers, WEEKDAYS_TEN_TO_FIVE } from '../seeding';

const RACERS = Number(process.env.BENCH_BOOKINGS_RACERS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_BOOKINGS_CONNECTIONS ?? 50);
/**
 * Each mentee of a connection books one slot of its mentor, once: a second unpaid hold with the same mentor is
 * refused (HOLDS_WITH_ONE_MENTOR_MAX), so a connection needs as many mentees as it makes bookings (about 80 at
 * 250 bookings/s over the warm-up and the rounds; the bench stops with a message if they run out).
 */
const MENTEES_PER_CONNECTION = Number(process.env.BENCH_BOOKINGS_MENTEES ?? 200);
const SLOT_BOOKINGS = 1000;
const SLOT_MENTEES = 50;
const PRICE_PAISE = 150_000;
const FREE_SLOTS_CALLS = 500;
const SEED_FILE = process.env.BENCH_BOOKINGS_SEED_FILE;

let product: BenchProduct | undefined;

const newMentor = (db: Database, name: string) =>
  createMentor(db, {
    name,
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_TEN_TO_FIVE, pricePaise: PRICE_PAISE },
  });

/**
 * SLOT_BOOKINGS bookings of one mentor on the hours of its week (weekdays 10..16 UTC), from 90 days back
 * onwards: about 450 past, 550 ahead (300 of them in the next 60 days). Past ones completed, cancelled, expired
 * or failed; ahead, a third live (confirmed, or held with a hold that lasts the run), the rest cancelled,
 * expired or failed. One hour each at distinct hours, so none overlap, for the mentor or any mentee.
 */
async function seedSlotBookings(
  db: Database,
  mentorId: string,
  menteeIds: string[],
): Promise<Record<string, number>> {
  await db.execute(sql`
    with hours as (
      select h, (row_number() over (order by h))::int as n
      from generate_series(date_trunc('hour', now()) - interval '90 days', date_trunc('hour', now()) + interval '150 days', interval '1 hour') as h
      where extract(isodow from h at time zone 'UTC') between 1 and 5 and extract(hour from h at time zone 'UTC') between 10 and 16
      order by h
      limit ${SLOT_BOOKINGS}
    ), picked as (
      select h, n, (case when h < now()
        then (array['completed', 'completed', 'completed', 'cancelled', 'expired', 'payment_failed'])[1 + n % 6]
        else (array['confirmed', 'pending_payment', 'cancelled', 'expired', 'payment_failed', 'cancelled'])[1 + n % 6] end)::booking_status as status
      from hours
    )
    insert into bookings (mentor_id, mentee_id, start_time, end_time, status, amount, hold_expires_at, cancelled_at, cancelled_by, cancel_reason, created_at)
    select ${mentorId}::uuid, (${sql.param(menteeIds)}::uuid[])[1 + n % ${menteeIds.length}], h, h + interval '1 hour', status, ${PRICE_PAISE},
      case when status = 'pending_payment' then now() + interval '1 day' else least(h, now()) - interval '7 days' + interval '15 minutes' end,
      case when status = 'cancelled' then least(h, now()) - interval '1 day' end,
      case when status = 'cancelled' then (${sql.param(menteeIds)}::uuid[])[1 + n % ${menteeIds.length}] end,
      case when status = 'cancelled' then 'Plans changed' end,
      least(h, now()) - interval '7 days'
    from picked`);
  await db.execute(sql`vacuum analyze bookings`);
  const counts = await db.execute<{ status: string; when: string; n: number }>(
    sql`select status, case when start_time < now() then 'past' else 'ahead' end as when, count(*)::int as n from bookings where mentor_id = ${mentorId} group by 1, 2 order by 2, 1`,
  );
  return Object.fromEntries(counts.rows.map((row) => [`${row.when} ${row.status}`, row.n]));
}

/**
 * What the slots route does besides HTTP, for the bench to weigh: its two queries (the mentor with their
 * availability, then their busy times: the repository's own functions, their SQL recorded as Drizzle sends it),
 * and `freeSlots` over that mentor's real week and busy times, timed alone (µs per call, after a warm-up).
 */
async function inspectSlotsRoute(
  databaseUrl: string,
  mentorId: string,
  from: Date,
  to: Date,
): Promise<{
  queries: { query: string; params: unknown[] }[];
  busyIntervals: number;
  freeSlotsMicros: number;
}> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const queries: { query: string; params: unknown[] }[] = [];
    const recorder = drizzle(pool, {
      schema,
      casing: 'snake_case',
      logger: { logQuery: (query, params) => queries.push({ query, params }) },
    });
    const now = new Date();
    const availability = (await findAvailabilityOwner(recorder, mentorId))?.availability;
    if (availability == null) throw new Error('the busy mentor has no availability');
    const busy =
      busyByPerson(await timeHoldingBookingsOf(recorder, [mentorId], from, to), [mentorId], now).get(
        mentorId,
      ) ?? [];
    const query = {
      weekly: availability.weeklyHours,
      overrides: availability.overrides,
      timezone: availability.timezone,
      busy,
      now: now.getTime(),
      from: from.getTime(),
      to: to.getTime(),
    };
    for (let call = 0; call < FREE_SLOTS_CALLS; call += 1) freeSlots(query);
    const startedAt = performance.now();
    for (let call = 0; call < FREE_SLOTS_CALLS; call += 1) freeSlots(query);
    return {
      queries,
      busyIntervals: busy.length,
      freeSlotsMicros: ((performance.now() - startedAt) * 1000) / FREE_SLOTS_CALLS,
    };
  } finally {
    await pool.end();
  }
}

async function start(): Promise<void> {
  if (SEED_FILE === undefined) throw new Error('BENCH_BOOKINGS_SEED_FILE is not set');
  product = await startBenchProduct('bookings', { env: { SIGN_UP_LIMIT_PER_HOUR: '1000000' } });
  const { db } = product.app;
  const seedStartedAt = performance.now();

  const raceMentorId = await newMentor(db, 'Race Mentor');
  const racerCookies = await cookiesOf(product, await newUsers(db, 'racer', RACERS));

  const throughputMentorIds: string[] = [];
  const menteeCookies: string[][] = [];
  for (let connection = 0; connection < CONNECTIONS; connection += 1) {
    throughputMentorIds.push(await newMentor(db, `Load Mentor ${connection + 1}`));
    menteeCookies.push(
      await cookiesOf(product, await newUsers(db, `mentee-${connection + 1}`, MENTEES_PER_CONNECTION)),
    );
  }

  const slotsMentorId = await newMentor(db, 'Busy Mentor');
  const slotBookings = await seedSlotBookings(db, slotsMentorId, await newUsers(db, 'regular', SLOT_MENTEES));
  const seedMs = Math.round(performance.now() - seedStartedAt);

  const from = new Date();
  const to = new Date(from.getTime() + 60 * 24 * 60 * 60 * 1000);
  const route = await inspectSlotsRoute(product.databaseUrl, slotsMentorId, from, to);

  writeFileSync(
    SEED_FILE,
    JSON.stringify({
      url: product.config.publicUrl,
      databaseUrl: product.databaseUrl,
      seedMs,
      race: { mentorId: raceMentorId, cookies: racerCookies },
      throughput: { mentorIds: throughputMentorIds, menteeCookies },
      slots: {
        mentorId: slotsMentorId,
        from: from.toISOString(),
        to: to.toISOString(),
        bookings: slotBookings,
        ...route,
      },
    }),
  );
  console.log('ready');
}

runBenchServer(start, () => product);
