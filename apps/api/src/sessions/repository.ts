import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { admins, sessions, users, type SessionRow } from '../db/schema';
import { AppError } from '../lib/errors';
import {
  hashToken,
  randomToken,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
  successorToken,
  verifyAccessToken,
  type AccessAudience,
  type AccessClaims,
} from '../lib/tokens';

/**
 * Every question about sessions, for users and admins alike: opening, rotating, ending, and "is this session
 * live". The rest of the api asks here, so the rule of what counts as a live session is written once.
 */

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

/** A live user session as the guards, the socket handshake and the routes see it. */
export interface LiveUserSession {
  id: string;
  email: string;
  role: 'user' | 'mentor';
  sessionId: string;
  /** The sign-in: the same across refreshes (a refresh makes a new row, not a new family). */
  familyId: string;
}

export interface LiveAdminSession {
  id: string;
  email: string;
  sessionId: string;
  familyId: string;
}

export const sessionExpiredMessage = 'Your session has ended. Please sign in again.';

/** How long after expiry an access token still names the session to end at sign-out: its refresh token's life. */
const SIGN_OUT_TOKEN_TOLERANCE_SECONDS = REFRESH_TOKEN_TTL_MS / 1000;

/** The one rule of a live session row: not revoked, not expired. */
function isLive(now: Date): SQL | undefined {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
}

/**
 * How long a refresh token that was just exchanged is still accepted, answered with the same successor: two
 * tabs refreshing at once with the same cookie must not look like a stolen token and sign the person out.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** A session row and its refresh token (returned once, stored hashed), in a new family or an existing one. */
export async function createSession(
  db: Executor,
  owner: SessionOwner,
  client: ClientInfo,
  now: Date,
  familyId: string = randomUUID(),
  refreshToken: string = randomToken(),
): Promise<{ row: SessionRow; refreshToken: string }> {
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
export async function openSession(
  db: Executor,
  secret: string,
  principal: Omit<AccessClaims, 'sid'>,
  client: ClientInfo,
  now: Date,
): Promise<SessionTokens> {
  const audience: AccessAudience = principal.role === 'admin' ? 'admin' : 'user';
  const owner: SessionOwner =
    audience === 'admin'
      ? { subject: 'admin', adminId: principal.sub }
      : { subject: 'user', userId: principal.sub };
  const { row, refreshToken } = await createSession(db, owner, client, now);
  const accessToken = await signAccessToken(secret, audience, { ...principal, sid: row.id }, now);
  return { sessionId: row.id, accessToken, refreshToken };
}

/**
 * Exchanges a refresh token for a new one in the same family (decision 004). A token exchanged in the last
 * REFRESH_REUSE_GRACE_MS gets the same successor again (a race between tabs, not a theft). Otherwise a token
 * that was already exchanged or revoked means someone kept a copy: the whole family is revoked and the caller
 * gets 401. Returns the new row (its owner id tells the caller whom to issue the access token for).
 */
export async function rotateSession(
  db: Database,
  secret: string,
  subject: AccessAudience,
  refreshToken: string,
  client: ClientInfo,
  now: Date,
): Promise<{ row: SessionRow; refreshToken: string }> {
  const tokenHash = hashToken(refreshToken);
  const successor = successorToken(secret, refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(sessions)
      .set({ replacedAt: now })
      .where(
        and(
          eq(sessions.refreshTokenHash, tokenHash),
          eq(sessions.subject, subject),
          isNull(sessions.replacedAt),
          isLive(now),
        ),
      )
      .returning();
    if (old === undefined) return undefined;
    const owner: SessionOwner =
      old.subject === 'admin'
        ? { subject: 'admin', adminId: old.adminId ?? '' }
        : { subject: 'user', userId: old.userId ?? '' };
    return createSession(tx, owner, client, now, old.familyId, successor);
  });
  if (rotated !== undefined) return rotated;

  const [known] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.refreshTokenHash, tokenHash), eq(sessions.subject, subject)));
  if (
    known?.replacedAt != null &&
    known.revokedAt === null &&
    now.getTime() - known.replacedAt.getTime() <= REFRESH_REUSE_GRACE_MS
  ) {
    // The successor must itself be untouched: one already exchanged again means this is no simple race.
    const [next] = await db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.refreshTokenHash, hashToken(successor)),
          eq(sessions.familyId, known.familyId),
          isNull(sessions.replacedAt),
          isLive(now),
        ),
      );
    if (next !== undefined) return { row: next, refreshToken: successor };
  }
  if (known !== undefined && (known.replacedAt !== null || known.revokedAt !== null))
    await revokeSessionFamily(db, known.familyId, now);
  throw new AppError('unauthorized', sessionExpiredMessage);
}

/**
 * The user an access token speaks for, if its session row is live and the user is not blocked: a valid
 * signature is not enough, so a logout, a password reset or a block take effect on the next request.
 */
export async function findLiveUserSession(
  db: Executor,
  jwtSecret: string,
  token: string | undefined,
  now: Date,
): Promise<LiveUserSession | undefined> {
  const claims =
    token === undefined || token === '' ? undefined : await verifyAccessToken(jwtSecret, 'user', token, now);
  if (claims === undefined) return undefined;
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(users.id, claims.sub), isLive(now), isNull(users.blockedAt)));
  return row === undefined ? undefined : { ...row, sessionId: claims.sid };
}

/** The admin an admin access token speaks for, by the same rule. */
export async function findLiveAdminSession(
  db: Executor,
  adminJwtSecret: string,
  token: string | undefined,
  now: Date,
): Promise<LiveAdminSession | undefined> {
  const claims =
    token === undefined || token === ''
      ? undefined
      : await verifyAccessToken(adminJwtSecret, 'admin', token, now);
  if (claims === undefined) return undefined;
  const [row] = await db
    .select({ id: admins.id, email: admins.email, familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.id, claims.sid), eq(admins.id, claims.sub), isLive(now)));
  return row === undefined ? undefined : { ...row, sessionId: claims.sid };
}

/** Whether the user is signed in anywhere right now: a live session row that was not yet rotated away. */
export async function hasLiveSession(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [live] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.replacedAt), isLive(now)))
    .limit(1);
  return live !== undefined;
}

export async function revokeSessionFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Every session of one user or admin: after a password reset, or when an admin blocks the user. */
export async function revokeAllSessions(db: Executor, owner: SessionOwner, now: Date): Promise<void> {
  const ownerColumn =
    owner.subject === 'user' ? eq(sessions.userId, owner.userId) : eq(sessions.adminId, owner.adminId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(ownerColumn, isNull(sessions.revokedAt)));
}

/** The family (the sign-in) a session row belongs to, by its row id or its refresh token. */
async function findSessionFamily(
  db: Executor,
  subject: AccessAudience,
  by: { sessionId: string } | { refreshToken: string },
): Promise<string | undefined> {
  const match =
    'sessionId' in by
      ? eq(sessions.id, by.sessionId)
      : eq(sessions.refreshTokenHash, hashToken(by.refreshToken));
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(match, eq(sessions.subject, subject)));
  return row?.familyId;
}

/**
 * Sign-out, for users and admins alike: ends the family named by the refresh cookie, or by the access cookie
 * when only that one came (even expired: its signature still proves which session it was). Returns the ended
 * families, so the caller can drop their sockets.
 */
export async function endSignIn(
  db: Executor,
  subject: AccessAudience,
  secret: string,
  cookies: { refreshToken: string | undefined; accessToken: string | undefined },
  now: Date,
): Promise<string[]> {
  const families = new Set<string>();
  if (cookies.refreshToken) {
    const family = await findSessionFamily(db, subject, { refreshToken: cookies.refreshToken });
    if (family !== undefined) families.add(family);
  }
  if (cookies.accessToken) {
    const claims = await verifyAccessToken(
      secret,
      subject,
      cookies.accessToken,
      now,
      SIGN_OUT_TOKEN_TOLERANCE_SECONDS,
    );
    const family =
      claims === undefined ? undefined : await findSessionFamily(db, subject, { sessionId: claims.sid });
    if (family !== undefined) families.add(family);
  }
  for (const family of families) await revokeSessionFamily(db, family, now);
  return [...families];
}
