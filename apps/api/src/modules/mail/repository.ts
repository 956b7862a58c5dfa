import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { preparedPer, type Executor } from '../../db/client';
import { sentMails } from '../../db/schema';

// Every mail claims its key and marks it sent: prepared once per handle (decision 068), not built per mail.
const claimKey = preparedPer((db) =>
  db
    .insert(sentMails)
    .values({ key: sql.placeholder('key'), claimedAt: sql.placeholder('now') })
    .onConflictDoUpdate({
      target: sentMails.key,
      set: { claimedAt: sql`${sql.placeholder('now')}` },
      setWhere: and(isNull(sentMails.sentAt), lt(sentMails.claimedAt, sql.placeholder('staleBefore'))),
    })
    .returning({ key: sentMails.key })
    .prepare('claim_mail_key'),
);
const markSent = preparedPer((db) =>
  db
    .update(sentMails)
    .set({ sentAt: sql`${sql.placeholder('now')}` })
    .where(eq(sentMails.key, sql.placeholder('key')))
    .prepare('mark_mail_sent'),
);

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
  const claimed = await claimKey(db).execute({ key, now, staleBefore });
  return claimed.length > 0;
}

export async function markMailSent(db: Executor, key: string, now: Date): Promise<void> {
  await markSent(db).execute({ key, now });
}

/** Gives a claim back after the mail server refused the mail, so the job's retry sends it. */
export async function releaseMailKey(db: Executor, key: string): Promise<void> {
  await db.delete(sentMails).where(and(eq(sentMails.key, key), isNull(sentMails.sentAt)));
}

/** Forgets the keys claimed before `before`: no job runs again that long after. */
export async function deleteMailKeysClaimedBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(sentMails).where(lt(sentMails.claimedAt, before));
}
