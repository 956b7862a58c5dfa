import {
  bookingMessages,
  HOLD_MINUTES,
  partyOf,
  SESSION_MINUTES,
  type BookingStatus,
} from '@skillroute/shared/bookings';
import {
  HOLDS_AT_ONCE_MAX,
  HOLDS_WITH_ONE_MENTOR_MAX,
  LAPSED_HOLDS_PER_DAY_MAX,
  LAPSED_HOLDS_WINDOW_HOURS,
  limitMessages,
} from '@skillroute/shared/marketplace-limits';

const MINUTE_MS = 60 * 1000;
export const HOLD_MS = HOLD_MINUTES * MINUTE_MS;
export const SESSION_MS = SESSION_MINUTES * MINUTE_MS;

/** When a hold made at `now` lapses. */
export const holdExpiry = (now: Date): Date => new Date(now.getTime() + HOLD_MS);

/** The statuses a booking can hold time in; `holdsTime` decides whether it does at a given moment. */
export const TIME_HOLDING_STATUSES = [
  'pending_payment',
  'confirmed',
] as const satisfies readonly BookingStatus[];

/**
 * Whether a booking takes its time at `now`: confirmed, or held with a hold that has not lapsed (a lapsed
 * hold frees its time even before the minute's sweep marks it expired). The exclusion constraints of migration 0011
 * hold the same line in the database.
 */
export function holdsTime(booking: { status: BookingStatus; holdExpiresAt: Date }, now: Date): boolean {
  if (booking.status === 'confirmed') return true;
  return booking.status === 'pending_payment' && booking.holdExpiresAt.getTime() > now.getTime();
}

/** A time a person is taken, as epoch milliseconds (half-open), with the role they have in it. */
export interface BusyInterval {
  start: number;
  end: number;
  /** Whether the person is the mentor of that booking (else its mentee). */
  asMentor: boolean;
}

/**
 * The times each of `userIds` is taken by those of `bookings` that hold their time at `now`, as mentor or as
 * mentee (a mentor who books someone else is busy then too), by person.
 */
export function busyByPerson(
  bookings: readonly {
    mentorId: string;
    menteeId: string;
    startTime: Date;
    endTime: Date;
    status: BookingStatus;
    holdExpiresAt: Date;
  }[],
  userIds: readonly string[],
  now: Date,
): Map<string, BusyInterval[]> {
  const busy = new Map<string, BusyInterval[]>(userIds.map((id) => [id, []]));
  for (const booking of bookings) {
    if (!holdsTime(booking, now)) continue;
    const interval = { start: booking.startTime.getTime(), end: booking.endTime.getTime() };
    busy.get(booking.mentorId)?.push({ ...interval, asMentor: true });
    busy.get(booking.menteeId)?.push({ ...interval, asMentor: false });
  }
  return busy;
}

/**
 * The advisory lock key of a person: the first 64 bits of their uuid as a signed bigint (what
 * `pg_advisory_xact_lock(bigint)` takes). Random enough that two people sharing a key only ever costs a wait.
 */
export function lockKeyOf(userId: string): bigint {
  const hex = userId.replaceAll('-', '').slice(0, 16);
  if (!/^[0-9a-f]{16}$/i.test(hex)) throw new RangeError(`not a uuid: ${userId}`);
  return BigInt.asIntN(64, BigInt(`0x${hex}`));
}

/**
 * The lock keys of the people of a booking, distinct and ascending: every transaction takes them in this one
 * order, so two bookings that share people wait for each other instead of deadlocking (DESIGN.md §7).
 */
export function lockKeysInOrder(userIds: readonly string[]): bigint[] {
  return [...new Set(userIds.map(lockKeyOf))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Who cancelled a booking, as both people read it: one of them, or staff (an admin's refund, a block). */
export function cancellerOf(booking: {
  mentorId: string;
  menteeId: string;
  cancelledBy: string | null;
}): 'mentor' | 'mentee' | 'staff' {
  return booking.cancelledBy === null ? 'staff' : (partyOf(booking, booking.cancelledBy) ?? 'staff');
}

/** Why a mentee may not take another hold now, with the refusal's code and when to try again; undefined when they may. */
export type HoldRefusal =
  | { code: 'conflict'; message: string }
  | { code: 'too_many_requests'; message: string; retryAfterSeconds: number };

/**
 * The hold limits of DESIGN.md §4b for a mentee about to hold with `mentorId`: their unpaid holds now (each
 * with its mentor) and when each of their holds that lapsed unpaid lapsed.
 */
export function holdRefusal(input: {
  mentorId: string;
  unpaidHolds: readonly { mentorId: string }[];
  lapsedAt: readonly Date[];
  now: Date;
}): HoldRefusal | undefined {
  const { mentorId, unpaidHolds, now } = input;
  if (unpaidHolds.filter((hold) => hold.mentorId === mentorId).length >= HOLDS_WITH_ONE_MENTOR_MAX)
    return { code: 'conflict', message: limitMessages.holdWithMentor };
  if (unpaidHolds.length >= HOLDS_AT_ONCE_MAX)
    return { code: 'conflict', message: limitMessages.holdsAtOnce };
  const windowMs = LAPSED_HOLDS_WINDOW_HOURS * 60 * MINUTE_MS;
  const lapsed = input.lapsedAt
    .map((at) => at.getTime())
    .filter((at) => at <= now.getTime() && at > now.getTime() - windowMs)
    .sort((a, b) => a - b);
  if (lapsed.length < LAPSED_HOLDS_PER_DAY_MAX) return undefined;
  // Free again once so many have aged past a day that fewer than the limit remain.
  const freeAt = lapsed[lapsed.length - LAPSED_HOLDS_PER_DAY_MAX]! + windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  return {
    code: 'too_many_requests',
    message: limitMessages.lapsedHolds(retryAfterSeconds),
    retryAfterSeconds,
  };
}

/** A mentee's holds as the hold limits read them (`holdRefusal`). */
export interface MenteeHolds {
  /** The holds still unpaid and not lapsed at the read's `now`. */
  unpaidHolds: Array<{ mentorId: string }>;
  /** When each lapsed hold lapsed (those expired before, and those found lapsed now). */
  lapsedAt: Date[];
}

/**
 * A mentee's holds read in the statement that expires the lapsed ones (repository.expireHoldsAndReadTime): one
 * it expired still reads unpaid, with its expiry at or before `now`, and counts as lapsed.
 */
export function menteeHoldsOf(
  holds: readonly { mentorId: string; status: BookingStatus; holdExpiresAt: Date }[],
  now: Date,
): MenteeHolds {
  const unpaid = holds.filter((hold) => holdsTime(hold, now) && hold.status === 'pending_payment');
  return {
    unpaidHolds: unpaid.map(({ mentorId }) => ({ mentorId })),
    lapsedAt: holds.filter((hold) => !unpaid.includes(hold)).map((hold) => hold.holdExpiresAt),
  };
}

/** The words of a 409 for an exclusion violation, by the constraint the database names (migration 0011). */
export function overlapMessage(constraint: string | undefined): string {
  return constraint === 'bookings_mentee_no_overlap' ? bookingMessages.overlapOwn : bookingMessages.slotTaken;
}

/**
 * A list as /profile/bookings shows it: sessions not yet over first, the soonest first; then past ones, the
 * most recent first. Ties keep a stable order by id.
 */
export function inListOrder<T extends { id: string; startTime: Date; endTime: Date }>(
  bookings: readonly T[],
  now: Date,
): T[] {
  const nowMs = now.getTime();
  const upcoming = (booking: T) => booking.endTime.getTime() > nowMs;
  return [...bookings].sort((a, b) => {
    const aUpcoming = upcoming(a);
    if (aUpcoming !== upcoming(b)) return aUpcoming ? -1 : 1;
    const byStart = aUpcoming
      ? a.startTime.getTime() - b.startTime.getTime()
      : b.startTime.getTime() - a.startTime.getTime();
    return byStart !== 0 ? byStart : a.id.localeCompare(b.id);
  });
}

/** Whether [start, end) overlaps any of the intervals (epoch milliseconds, half-open). */
export const overlapsAny = (
  start: number,
  end: number,
  intervals: readonly { start: number; end: number }[],
): boolean => intervals.some((interval) => interval.start < end && start < interval.end);

/**
 * What taking [start, end) for mentor and mentee would collide with, given each person's busy times: the
 * mentor's time (as mentor or as someone's mentee) is "just taken", the mentee's own is "you already have a
 * session". Undefined when it collides with nothing.
 */
export function collision(
  busy: ReadonlyMap<string, readonly { start: number; end: number }[]>,
  booking: { mentorId: string; menteeId: string; start: number; end: number },
): string | undefined {
  const { mentorId, menteeId, start, end } = booking;
  if (overlapsAny(start, end, busy.get(mentorId) ?? [])) return bookingMessages.slotTaken;
  if (overlapsAny(start, end, busy.get(menteeId) ?? [])) return bookingMessages.overlapOwn;
  return undefined;
}
