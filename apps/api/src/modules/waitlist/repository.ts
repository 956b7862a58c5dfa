import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Locale } from '@skillroute/shared/i18n/locales';
import type { Executor } from '../../db/client';
import { mentorWaitlist, users } from '../../db/schema';

export async function isWaiting(db: Executor, mentorId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: mentorWaitlist.userId })
    .from(mentorWaitlist)
    .where(and(eq(mentorWaitlist.mentorId, mentorId), eq(mentorWaitlist.userId, userId)));
  return row !== undefined;
}

/** Puts the person on the mentor's waitlist; answers whether they were not on it before. */
export async function joinWaitlist(db: Executor, mentorId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(mentorWaitlist)
    .values({ mentorId, userId })
    .onConflictDoNothing()
    .returning({ userId: mentorWaitlist.userId });
  return rows.length > 0;
}

export async function leaveWaitlist(db: Executor, mentorId: string, userId: string): Promise<void> {
  await db
    .delete(mentorWaitlist)
    .where(and(eq(mentorWaitlist.mentorId, mentorId), eq(mentorWaitlist.userId, userId)));
}

/** Someone waiting, as a notification and a mail need them. */
export interface WaitingUser {
  id: string;
  email: string;
  name: string;
  /** The language they read (null: never chosen, English). */
  locale: Locale | null;
}

/**
 * Who waits for a slot of the mentor and was not told of one since `toldBefore`, marked told at `now` in
 * the same statement: of two units of work freeing slots at once, the second waits for the first's row locks,
 * finds them told, and tells nobody again. Blocked people are left out, since they cannot book.
 */
export async function claimWaitingToTell(
  db: Executor,
  input: { mentorId: string; now: Date; toldBefore: Date },
): Promise<WaitingUser[]> {
  return db
    .update(mentorWaitlist)
    .set({ notifiedAt: input.now })
    .from(users)
    .where(
      and(
        eq(mentorWaitlist.mentorId, input.mentorId),
        eq(users.id, mentorWaitlist.userId),
        isNull(users.blockedAt),
        or(isNull(mentorWaitlist.notifiedAt), lte(mentorWaitlist.notifiedAt, input.toldBefore)),
      ),
    )
    .returning({ id: users.id, email: users.email, name: users.name, locale: users.locale });
}

export async function findUserName(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}
