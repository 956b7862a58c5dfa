import { and, eq, isNull } from 'drizzle-orm';
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
}

/** Who waits for a slot of the mentor, first come first: blocked people are left out, since they cannot book. */
export async function waitingUsers(db: Executor, mentorId: string): Promise<WaitingUser[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(mentorWaitlist)
    .innerJoin(users, eq(users.id, mentorWaitlist.userId))
    .where(and(eq(mentorWaitlist.mentorId, mentorId), isNull(users.blockedAt)))
    .orderBy(mentorWaitlist.createdAt, mentorWaitlist.userId);
}

export async function findUserName(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}
