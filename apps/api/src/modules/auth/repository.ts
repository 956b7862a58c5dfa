import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '@skillroute/shared/auth';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { readerZone } from '@skillroute/shared/time-zones';
import type { Executor } from '../../db/client';
import { emailCodes, passwordResetTokens, users, type UserRow } from '../../db/schema';

/**
 * The public face of a user row: what the API returns, never the hash or the Google id. A language is sent once
 * the person chose one; before that the key is left out, so the answer reads as it did before languages.
 */
export function toSessionUser(
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'avatar' | 'timezone' | 'locale'>,
): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    avatar: user.avatar,
    timezone: readerZone(user.timezone),
    ...(user.locale !== null && { locale: user.locale }),
  };
}

/**
 * The browser's zone, kept while the person has not chosen one (DESIGN.md §4b). Returns the row as it is now,
 * or undefined when nothing changed.
 */
export async function keepBrowserTimezone(
  db: Executor,
  id: string,
  timezone: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ timezone })
    .where(and(eq(users.id, id), eq(users.timezoneChosen, false)))
    .returning();
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Locks the row until the transaction ends, so two requests for one account take turns. */
export async function lockUserByEmail(tx: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return user;
}

/**
 * A new unverified account, or the existing one for this e-mail, locked. Insert-first, so two sign-ups
 * racing for one new e-mail never meet a unique violation.
 */
export async function insertOrLockUser(
  tx: Executor,
  values: {
    name: string;
    email: string;
    passwordHash: string;
    timezone?: string | undefined;
    locale?: Locale | undefined;
  },
): Promise<{ user: UserRow; created: boolean }> {
  const [inserted] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (inserted !== undefined) return { user: inserted, created: true };
  const existing = await lockUserByEmail(tx, values.email);
  if (existing === undefined) throw new Error('a user row vanished between insert and select');
  return { user: existing, created: false };
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'verifiedAt' | 'timezone' | 'locale'>>,
): Promise<UserRow> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (user === undefined) throw new Error(`user ${id} not found`);
  return user;
}

export async function newestCode(db: Executor, userId: string) {
  const [code] = await db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.userId, userId))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return code;
}

export async function insertCode(
  db: Executor,
  values: { userId: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(emailCodes).values(values);
}

export async function recordCodeAttempt(db: Executor, codeId: string, attempts: number): Promise<void> {
  await db.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, codeId));
}

export async function consumeCode(db: Executor, codeId: string, now: Date): Promise<void> {
  await db.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, codeId));
}

export async function insertResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks the token used if it is live, atomically: two tabs submitting one link cannot both succeed. */
export async function useResetToken(tx: Executor, tokenHash: string, now: Date) {
  const [token] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return token;
}

export async function findResetToken(db: Executor, tokenHash: string) {
  const [token] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return token;
}

/** Once the password changed, older links of the account must not change it again. */
export async function retireResetTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
