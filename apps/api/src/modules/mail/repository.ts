import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { arrayPlaceholder, preparedPer, setPlaceholder, type Executor } from '../../db/client';
import { sentMails } from '../../db/schema';

// The mails of a batch claim their keys in one statement and are marked sent in one more: prepared once per handle
// (decision 068), not built per mail.
const claimKeys = preparedPer((db) =>
  db
    .insert(sentMails)
    // Every column, in the table's order, as Drizzle's insert … select names them all.
    .select(
      sql`select key, ${sql.placeholder('now')}::timestamptz, null from unnest(${arrayPlaceholder('keys', 'text')}) as key`,
    )
    .onConflictDoUpdate({
      target: sentMails.key,
      set: { claimedAt: sql`excluded.claimed_at` },
      setWhere: and(isNull(sentMails.sentAt), lt(sentMails.claimedAt, sql.placeholder('staleBefore'))),
    })
    .returning({ key: sentMails.key })
    .prepare('claim_mail_keys'),
);
const markSent = preparedPer((db) =>
  db
    .update(sentMails)
    .set({ sentAt: setPlaceholder('now') })
    .where(sql`${sentMails.key} = any(${arrayPlaceholder('keys', 'text')})`)
    .prepare('mark_mail_keys_sent'),
);

/**
 * Claims mails' keys for sending, each given once (PostgreSQL refuses to update a row twice in one statement).
 * Answers the keys this run may send: those that are new, or whose earlier claim was never marked sent and is
 * older than `staleBefore`. The others were sent, or are being sent, already.
 */
export async function claimMailKeys(
  db: Executor,
  keys: readonly string[],
  now: Date,
  staleBefore: Date,
): Promise<Set<string>> {
  const claimed = await claimKeys(db).execute({ keys: [...keys], now, staleBefore });
  return new Set(claimed.map((row) => row.key));
}

export async function markMailKeysSent(db: Executor, keys: readonly string[], now: Date): Promise<void> {
  await markSent(db).execute({ keys: [...keys], now });
}

/** Gives a claim back after the mail server refused the mail, so the job's retry sends it. */
export async function releaseMailKey(db: Executor, key: string): Promise<void> {
  await db.delete(sentMails).where(and(eq(sentMails.key, key), isNull(sentMails.sentAt)));
}

/** Forgets the keys claimed before `before`: no job runs again that long after. */
export async function deleteMailKeysClaimedBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(sentMails).where(lt(sentMails.claimedAt, before));
}
