import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { sessions, type SessionRow } from '../db/schema';
import { AppError } from './errors';
import { hashToken, randomToken, REFRESH_TOKEN_TTL_MS, signAccessToken, type AccessAudience, type AccessClaims } from './tokens';

/** Who a session belongs to: a user or an admin, never both (the table checks it too). */
export type SessionOwner = { subject: 'user'; userId: string } | { subject: 'admin'; adminId: string };

/** Where a session was opened from, kept so sessions can be told apart in a list. */
export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface SessionTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

export const sessionExpiredMessage = 'Your session has ended. Please sign in again.';

type Executor = Database | Transaction;

/** A session row and its refresh token (returned once, stored hashed), in a new family or an existing one. */
export async function createSession(db: Executor, owner: SessionOwner, client: ClientInfo, now = new Date(), familyId: string = randomUUID()): Promise<{ row: SessionRow; refreshToken: string }> {
  const refreshToken = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      subject: owner.subject,
      userId: owner.subject === 'user' ? owner.userId : null,
      adminId: owner.subject === 'admin' ? owner.adminId : null,
      familyId,
      refreshTokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      userAgent: client.userAgent?.slice(0, 512),
      ip: client.ip,
    })
    .returning();
  if (row === undefined) throw new Error('inserting a session returned no row');
  return { row, refreshToken };
}

/** A session for a principal who just proved who they are: a new family, both tokens. */
export async function openSession(db: Executor, secret: string, principal: Omit<AccessClaims, 'sid'>, client: ClientInfo, now = new Date()): Promise<SessionTokens> {
  const audience: AccessAudience = principal.role === 'admin' ? 'admin' : 'user';
  const owner: SessionOwner = audience === 'admin' ? { subject: 'admin', adminId: principal.sub } : { subject: 'user', userId: principal.sub };
  const { row, refreshToken } = await createSession(db, owner, client, now);
  const accessToken = await signAccessToken(secret, audience, { ...principal, sid: row.id }, now);
  return { sessionId: row.id, accessToken, refreshToken };
}

/**
 * Exchanges a refresh token for a new one in the same family (decision 004). A token that was already
 * exchanged or revoked means someone kept a copy: the whole family is revoked and the caller gets 401.
 * Returns the new row (its owner id tells the caller whom to issue the access token for).
 */
export async function rotateSession(db: Database, subject: AccessAudience, refreshToken: string, client: ClientInfo, now = new Date()): Promise<{ row: SessionRow; refreshToken: string }> {
  const tokenHash = hashToken(refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(sessions)
      .set({ replacedAt: now })
      .where(and(eq(sessions.refreshTokenHash, tokenHash), eq(sessions.subject, subject), isNull(sessions.revokedAt), isNull(sessions.replacedAt), gt(sessions.expiresAt, now)))
      .returning();
    if (old === undefined) return undefined;
    const owner: SessionOwner = old.subject === 'admin' ? { subject: 'admin', adminId: old.adminId ?? '' } : { subject: 'user', userId: old.userId ?? '' };
    return createSession(tx, owner, client, now, old.familyId);
  });
  if (rotated !== undefined) return rotated;

  const [known] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.refreshTokenHash, tokenHash), eq(sessions.subject, subject)));
  if (known !== undefined && (known.replacedAt !== null || known.revokedAt !== null)) await revokeSessionFamily(db, known.familyId, now);
  throw new AppError('unauthorized', sessionExpiredMessage);
}

export async function revokeSessionFamily(db: Executor, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends the family of the session a token belongs to (logout); unknown tokens end nothing. */
export async function revokeSessionByRefreshToken(db: Executor, subject: AccessAudience, refreshToken: string, now = new Date()): Promise<void> {
  const [known] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.refreshTokenHash, hashToken(refreshToken)), eq(sessions.subject, subject)));
  if (known !== undefined) await revokeSessionFamily(db, known.familyId, now);
}

/** Ends the family a live session row belongs to (logout with only an access token). */
export async function revokeSessionById(db: Executor, sessionId: string, now = new Date()): Promise<void> {
  const [known] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, sessionId));
  if (known !== undefined) await revokeSessionFamily(db, known.familyId, now);
}

/** Every session of one user or admin: after a password reset, or when an admin blocks the user. */
export async function revokeAllSessions(db: Executor, owner: SessionOwner, now = new Date()): Promise<void> {
  const ownerColumn = owner.subject === 'user' ? eq(sessions.userId, owner.userId) : eq(sessions.adminId, owner.adminId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(ownerColumn, isNull(sessions.revokedAt)));
}
