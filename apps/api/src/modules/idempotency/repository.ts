import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import type { StoredKey } from './rules';

export interface KeyOf {
  userId: string;
  key: string;
}

const sameKey = ({ userId, key }: KeyOf) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

export async function findKey(db: Database, id: KeyOf): Promise<StoredKey | undefined> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
      createdAt: idempotencyKeys.createdAt,
    })
    .from(idempotencyKeys)
    .where(sameKey(id));
  return row;
}

/** Forgets this one key if it was made before `before`, so its repeat runs as new. */
export async function forgetKeyMadeBefore(db: Database, id: KeyOf, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(sameKey(id), lt(idempotencyKeys.createdAt, before)));
}

/**
 * Writes the key, unanswered, or answers false when it exists. Inside a transaction, a second writer of the
 * same key waits here for the first one's commit (or rollback), so two requests never both go on.
 */
export async function claimKey(
  db: Database,
  id: KeyOf & { fingerprint: string; now: Date },
  answer?: { status: number; response: unknown },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      userId: id.userId,
      key: id.key,
      fingerprint: id.fingerprint,
      createdAt: id.now,
      status: answer?.status,
      response: answer?.response,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/** Records the answer of a key this request claimed. */
export async function answerKey(
  db: Database,
  id: KeyOf,
  answer: { status: number; response: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, response: answer.response })
    .where(and(sameKey(id), isNull(idempotencyKeys.status)));
}

/** The periodic cleanup: every key made before `before`. */
export async function forgetKeysMadeBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
