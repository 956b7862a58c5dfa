import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
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
