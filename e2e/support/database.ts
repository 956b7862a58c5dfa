import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_MINUTES } from '@skillroute/shared/bookings';
import { ROOM_OPENS_MINUTES_BEFORE } from '@skillroute/shared/meet';
import pg from 'pg';
import { dataDir } from './ports';

/**
 * The e2e server's embedded PostgreSQL (apps/api/src/db/embedded-postgres.ts: user postgres, password
 * skillroute, on a port free at start-up). The api records that port nowhere, but PostgreSQL writes it as
 * line 4 of its postmaster.pid in the cluster folder, DATA_DIR/postgres.
 */
export function connectionString(): string {
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`no port in the embedded PostgreSQL's postmaster.pid under ${dataDir}`);
  return `postgres://postgres:skillroute@127.0.0.1:${port}/postgres`;
}

/** Runs `work` in one transaction on the e2e server's database. */
async function inTransaction<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: connectionString(), application_name: 'skillroute-e2e' });
  await client.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * A confirmed session's hour cannot pass during a test, so this does in one transaction what the
 * `bookings.complete` job does after a session's end (bookings/repository.ts markCompleted, and the ledger's
 * recordCompletion): the booking becomes completed, its mentor's sessions_held grows by one, and what is
 * pending of the mentor's share becomes available in a balanced `completion` transaction. Its hour moves to yesterday, at a minute
 * of its own (from its id), so it reads as a past session; a completed booking holds no time, so the
 * exclusion constraints over live bookings are not involved.
 */
export async function completeSessionInThePast(bookingId: string): Promise<void> {
  await inTransaction(async (client) => {
    const minute = Number.parseInt(bookingId.replaceAll('-', '').slice(-6), 16) % (23 * 60);
    const moved = await client.query<{ mentor_id: string }>(
      `update bookings
          set status = 'completed',
              start_time = date_trunc('day', now()) - interval '1 day' + make_interval(mins => $2::int),
              end_time = date_trunc('day', now()) - interval '1 day' + make_interval(mins => $2::int + 60)
        where id = $1 and status = 'confirmed'
        returning mentor_id`,
      [bookingId, minute],
    );
    if (moved.rowCount !== 1) throw new Error(`booking ${bookingId} is not a confirmed booking`);
    await client.query('update mentor_profiles set sessions_held = sessions_held + 1 where user_id = $1', [
      moved.rows[0]!.mentor_id,
    ]);
    await client.query(
      `with pending as (
         select e.user_id, sum(e.amount) as amount
           from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where t.booking_id = $1 and e.account = 'mentor_pending'
          group by e.user_id having sum(e.amount) > 0),
       completion as (
         insert into ledger_transactions (kind, booking_id)
         select 'completion', $1 from pending returning id)
       insert into ledger_entries (transaction_id, account, user_id, amount)
       select completion.id, line.account, pending.user_id, line.sign * pending.amount
         from completion, pending, (values ('mentor_pending', -1), ('mentor_available', 1)) as line (account, sign)`,
      [bookingId],
    );
  });
}

/**
 * Moves a confirmed booking's hour so that its room opens `minutes` from now (rooms open 10 minutes before
 * the start). Returns the room's id.
 */
export async function roomOpensIn(bookingId: string, minutes: number): Promise<string> {
  return inTransaction(async (client) => {
    const moved = await client.query<{ room_id: string }>(
      `update bookings
          set start_time = now() + make_interval(mins => $2::int),
              end_time = now() + make_interval(mins => $3::int)
        where id = $1 and status = 'confirmed'
        returning room_id`,
      [bookingId, minutes + ROOM_OPENS_MINUTES_BEFORE, minutes + ROOM_OPENS_MINUTES_BEFORE + SESSION_MINUTES],
    );
    if (moved.rowCount !== 1) throw new Error(`booking ${bookingId} is not a confirmed booking`);
    return moved.rows[0]!.room_id;
  });
}

/**
 * A meeting room is open only from 10 minutes before its session to 15 after, and no slot can be booked that
 * soon (slots keep a notice period), so this moves a confirmed booking's hour to have started five minutes ago:
 * its room is open for the whole test. Its mentor and mentee are the test's own, so the exclusion constraints
 * over their live bookings have nothing to clash with. Returns the room's id.
 */
export async function openRoomNow(bookingId: string): Promise<string> {
  // Started five minutes ago: its room opened fifteen minutes ago.
  return roomOpensIn(bookingId, -15);
}

/**
 * The mentee hears of a booking's notes a few minutes after the mentor's save (decision 060): the waiting
 * `bookings.announce-notes` job is made due now, so a test sees the notice without waiting them out.
 */
export async function announceNotesNow(bookingId: string): Promise<void> {
  await inTransaction(async (client) => {
    const due = await client.query(
      `update pgboss.job set start_after = now()
        where name = 'bookings.announce-notes' and singleton_key = $1 and state = 'created'`,
      [bookingId],
    );
    if (due.rowCount !== 1) throw new Error(`no notice of the notes of booking ${bookingId} waits`);
  });
}

/**
 * Runs the no-show sweeper now rather than at the next minute (its schedule, decision 062): one job of its
 * queue, made as pg-boss makes them, which the server's worker takes within its polling interval. Its queue lets
 * one job wait at a time, so when the schedule's own job for this minute is already waiting (for up to the
 * worker's polling interval), that one is the run and nothing is added.
 */
export async function sweepNoShowsNow(): Promise<void> {
  await inTransaction(async (client) => {
    const queue = await client.query(
      `select name, policy from pgboss.queue where name = 'bookings.sweep-no-shows'`,
    );
    if (queue.rowCount !== 1) throw new Error('the no-show sweeper has no queue in this database');
    const { name, policy } = queue.rows[0];
    await client.query(
      `insert into pgboss.job (name, data, policy) values ($1, '{}'::jsonb, $2) on conflict do nothing`,
      [name, policy],
    );
  });
}
