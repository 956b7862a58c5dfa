import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { completeBookingJob, refundJob, sweepLapsedHoldsJob } from '../src/modules/bookings/job-types';

/**
 * What must never be found in the bookings and payments, whatever happened to the api processes on the way
 * (a kill -9 mid-request, a restart): each entry lists the booking ids that break one rule (pairs for overlaps).
 * A clean database answers an empty list for each. Run it against any database the api wrote.
 */
export interface BookingAudit {
  /** Confirmed, completed or cancelled-after-confirming bookings with no payment that confirmed them. */
  confirmedWithoutPayment: string[];
  /** Bookings that took money but are not (or no longer) confirmed, with no refund decided. */
  paidUnconfirmedWithoutRefund: string[];
  /** Two live bookings (pending_payment or confirmed) of one mentor or one mentee at overlapping times. */
  overlappingLiveBookings: string[];
  /** Holds pending payment long past their expiry, or any hold while no sweep is scheduled to expire them. */
  stuckHolds: string[];
  /** A confirmed booking with no completion job waiting, or a refund not yet asked for with no job to ask. */
  missingJobs: string[];
}

/** pg-boss states of a job that will still run. */
const LIVE = sql.raw(`('created', 'retry', 'active')`);
/** A successful payment event's outcomes (payments/events.ts): money was taken. */
const PAID = sql.raw(`('confirmed', 'confirmed_late', 'refunded_late', 'refunded_blocked')`);
const CONFIRMING = sql.raw(`('confirmed', 'confirmed_late')`);

const liveJob = (name: string, key: ReturnType<typeof sql>) => sql`exists (
  select 1 from pgboss.job j where j.name = ${name} and j.singleton_key = ${key} and j.state in ${LIVE})`;

async function ids(db: Executor, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = await db.execute<{ id: string }>(query);
  return result.rows.map((row) => row.id);
}

/**
 * `graceSeconds`: how long past its expiry a hold may wait for the minute's sweep (`sweepLapsedHoldsJob`) before
 * it counts as stuck.
 */
export async function auditBookings(db: Executor, { graceSeconds = 120 } = {}): Promise<BookingAudit> {
  return {
    confirmedWithoutPayment: await ids(
      db,
      sql`select b.id from bookings b
          where (b.status in ('confirmed', 'completed') or (b.status = 'cancelled' and b.cancelled_at is not null))
            and not exists (select 1 from payment_events e where e.booking_id = b.id and e.outcome in ${CONFIRMING})`,
    ),
    paidUnconfirmedWithoutRefund: await ids(
      db,
      sql`select b.id from bookings b
          where b.status not in ('confirmed', 'completed') and b.refund_status is null
            and exists (select 1 from payment_events e where e.booking_id = b.id and e.outcome in ${PAID})`,
    ),
    overlappingLiveBookings: await ids(
      db,
      sql`select a.id || '+' || b.id as id from bookings a join bookings b
            on a.id < b.id and (a.mentor_id = b.mentor_id or a.mentee_id = b.mentee_id)
           and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)
          where a.status in ('pending_payment', 'confirmed') and b.status in ('pending_payment', 'confirmed')`,
    ),
    stuckHolds: await ids(
      db,
      sql`select b.id from bookings b
          where b.status = 'pending_payment'
            and (b.hold_expires_at < now() - make_interval(secs => ${graceSeconds})
                 or not exists (select 1 from pgboss.schedule s where s.name = ${sweepLapsedHoldsJob.name}))`,
    ),
    missingJobs: await ids(
      db,
      sql`select b.id from bookings b
          where (b.status = 'confirmed' and not ${liveJob(completeBookingJob.name, sql`b.id::text`)})
             or (b.refund_status = 'pending' and b.refund_id is null and b.refund_amount > 0
                 and not ${liveJob(refundJob.name, sql`b.id::text`)})`,
    ),
  };
}

/** The audit's answer when nothing is wrong, to compare with. */
export const CLEAN_AUDIT: BookingAudit = {
  confirmedWithoutPayment: [],
  paidUnconfirmedWithoutRefund: [],
  overlappingLiveBookings: [],
  stuckHolds: [],
  missingJobs: [],
};
