import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import type { StoredWeeklyHours } from '../src/db/schema';
import { mondayAhead } from './clock';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Times on a Monday at least a week ahead of the real time, 00:00 UTC: jobs queued for a test's times never
 * fall due while it runs. `at(days, hour, minute)` is that Monday plus so much.
 */
export function weekAhead(): { monday: number; at(days: number, hour: number, minute?: number): Date } {
  const monday = mondayAhead();
  return {
    monday,
    at: (days, hour, minute = 0) => new Date(monday + days * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS),
  };
}

/** Every weekday 10:00–17:00 in the mentor's zone. */
const WORKING_HOURS = [10, 11, 12, 13, 14, 15, 16];
export const WEEKDAYS_10_TO_17: StoredWeeklyHours = {
  monday: WORKING_HOURS,
  tuesday: WORKING_HOURS,
  wednesday: WORKING_HOURS,
  thursday: WORKING_HOURS,
  friday: WORKING_HOURS,
};

/** Pairs of live bookings that overlap for one mentor or one mentee: the audit that must always find none. */
export async function overlappingLiveBookings(db: Executor): Promise<number> {
  const result = await db.execute<{ count: string }>(sql`
    select count(*) as count from bookings a join bookings b
      on a.id < b.id and (a.mentor_id = b.mentor_id or a.mentee_id = b.mentee_id)
     and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)
    where a.status in ('pending_payment', 'confirmed') and b.status in ('pending_payment', 'confirmed')`);
  return Number(result.rows[0]?.count);
}
