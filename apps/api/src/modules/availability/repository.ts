import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bookings,
  mentorAvailability,
  mentorProfiles,
  users,
  type MentorAvailabilityRow,
  type StoredDateOverride,
  type StoredWeeklyHours,
} from '../../db/schema';

/** A mentor as availability sees them: who they are and their saved row, if any. */
export interface AvailabilityOwner {
  userId: string;
  /** Null until the mentor first saves. */
  availability: MentorAvailabilityRow | null;
}

/**
 * A mentor (role mentor with a profile) who is not blocked, with their availability row; undefined for an
 * unknown id, someone who is not a mentor, or a blocked user.
 */
export async function findAvailabilityOwner(
  db: Executor,
  userId: string,
): Promise<AvailabilityOwner | undefined> {
  const [row] = await db
    .select({ userId: users.id, availability: mentorAvailability })
    .from(users)
    .innerJoin(mentorProfiles, eq(mentorProfiles.userId, users.id))
    .leftJoin(mentorAvailability, eq(mentorAvailability.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'mentor'), isNull(users.blockedAt)));
  return row;
}

export interface AvailabilityValues {
  userId: string;
  timezone: string;
  /** Paise. */
  pricePerSession: number;
  weeklyHours: StoredWeeklyHours;
  overrides: StoredDateOverride[];
  hasHours: boolean;
}

/** Writes a mentor's availability in one statement, whether or not they saved before. */
export async function upsertAvailability(
  db: Executor,
  values: AvailabilityValues,
): Promise<MentorAvailabilityRow> {
  const { userId: _userId, ...change } = values;
  const [row] = await db
    .insert(mentorAvailability)
    .values(values)
    .onConflictDoUpdate({ target: mentorAvailability.userId, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  if (row === undefined) throw new Error('the availability row was not written');
  return row;
}

/** A time a person is taken, as epoch milliseconds (half-open), with the role they have in it. */
export interface BusyInterval {
  start: number;
  end: number;
  /** Whether the person is the mentor of that booking (else its mentee). */
  asMentor: boolean;
}

/** A booking holds its time at `now`: confirmed, or held with a hold that has not lapsed (a lapsed one is free even before its job runs). */
const holdsTimeAt = (now: Date): SQL =>
  or(
    eq(bookings.status, 'confirmed'),
    and(eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, now)),
  )!;

/**
 * The times each of `userIds` is taken in [from, to) by live bookings, as mentor or as mentee (a mentor who
 * books someone else is busy then too), by person.
 */
export async function busyIntervalsOf(
  db: Executor,
  userIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<Map<string, BusyInterval[]>> {
  const busy = new Map<string, BusyInterval[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return busy;
  const ids = [...new Set(userIds)];
  const rows = await db
    .select({
      mentorId: bookings.mentorId,
      menteeId: bookings.menteeId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .where(
      and(
        or(inArray(bookings.mentorId, ids), inArray(bookings.menteeId, ids)),
        lt(bookings.startTime, to),
        gt(bookings.endTime, from),
        holdsTimeAt(now),
      ),
    );
  for (const row of rows) {
    const interval = { start: row.startTime.getTime(), end: row.endTime.getTime() };
    busy.get(row.mentorId)?.push({ ...interval, asMentor: true });
    busy.get(row.menteeId)?.push({ ...interval, asMentor: false });
  }
  return busy;
}

/** One person's busy times in [from, to). */
export async function busyIntervals(
  db: Executor,
  userId: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<BusyInterval[]> {
  return (await busyIntervalsOf(db, [userId], from, to, now)).get(userId) ?? [];
}
