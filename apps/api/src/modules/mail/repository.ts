import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sentMails } from '../../db/schema';

/**
 * Claims a mail's key for sending: true when this run may send it (the key is new, or an earlier claim was
 * never marked sent and is older than `staleBefore`); false when it was sent, or is being sent, already.
 */
export async function claimMailKey(
  db: Executor,
  key: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(sentMails)
    .values({ key, claimedAt: now })
    .onConflictDoUpdate({
      target: sentMails.key,
      set: { claimedAt: now },
      setWhere: and(isNull(sentMails.sentAt), lt(sentMails.claimedAt, staleBefore)),
    })
    .returning({ key: sentMails.key });
  return claimed.length > 0;
}

export async function markMailSent(db: Executor, key: string, now: Date): Promise<void> {
  await db.update(sentMails).set({ sentAt: now }).where(eq(sentMails.key, key));
}

/** Gives a claim back after the mail server refused the mail, so the job's retry sends it. */
export async function releaseMailKey(db: Executor, key: string): Promise<void> {
  await db.delete(sentMails).where(and(eq(sentMails.key, key), isNull(sentMails.sentAt)));
}

/** Forgets the keys claimed before `before`: no job runs again that long after. */
export async function deleteMailKeysClaimedBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(sentMails).where(lt(sentMails.claimedAt, before));
}
