import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedPer, type Executor } from '../db/client';
import { admins, sessions, users, type SessionRow } from '../db/schema';
import type { AccessAudience } from '../lib/tokens';
import type { LiveAdminSession, LiveUserSession } from '../context/ports';

/**
 * The session rows, for users and admins alike: the only code that knows how they are stored. The flows that
 * open, rotate and end sessions, and sign their tokens, are in `service.ts`.
 */

/** Who a session belongs to: a user or an admin, never both (the table checks it too). */
export type SessionOwner = { subject: 'user'; userId: string } | { subject: 'admin'; adminId: string };

/** Where a session was opened from, kept so sessions can be told apart in a list. */
export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | undefined;
}

/** The one rule of a live session row: not revoked, not expired. */
function isLive(now: Date | Placeholder): SQL | undefined {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
}

/** The row of this refresh token while it is live and not yet exchanged for a successor. */
function unexchanged(refreshTokenHash: string, now: Date): SQL | undefined {
  return and(eq(sessions.refreshTokenHash, refreshTokenHash), isNull(sessions.replacedAt), isLive(now));
}

/** A session row for `owner` in `familyId`, keeping only the hash of its refresh token. */
export async function insertSession(
  db: Executor,
  values: {
    owner: SessionOwner;
    client: ClientInfo;
    familyId: string;
    refreshTokenHash: string;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  const { owner, client } = values;
  const [row] = await db
    .insert(sessions)
    .values({
      subject: owner.subject,
      userId: owner.subject === 'user' ? owner.userId : null,
      adminId: owner.subject === 'admin' ? owner.adminId : null,
      familyId: values.familyId,
      refreshTokenHash: values.refreshTokenHash,
      expiresAt: values.expiresAt,
      userAgent: client.userAgent?.slice(0, 512),
      ip: client.ip,
    })
    .returning();
  if (row === undefined) throw new Error('inserting a session returned no row');
  return row;
}

/** Marks the live, not yet exchanged row of this refresh token as replaced; undefined when there is none. */
export async function markExchanged(
  db: Executor,
  subject: AccessAudience,
  refreshTokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [old] = await db
    .update(sessions)
    .set({ replacedAt: now })
    .where(and(unexchanged(refreshTokenHash, now), eq(sessions.subject, subject)))
    .returning();
  return old;
}

/** The row of a refresh token, whatever its state. */
export async function findByRefreshToken(
  db: Executor,
  subject: AccessAudience,
  refreshTokenHash: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.refreshTokenHash, refreshTokenHash), eq(sessions.subject, subject)));
  return row;
}

/** The live, not yet exchanged row of a refresh token in `familyId`. */
export async function findLiveUnexchanged(
  db: Executor,
  familyId: string,
  refreshTokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(unexchanged(refreshTokenHash, now), eq(sessions.familyId, familyId)));
  return row;
}

/** The user of a live session row `sessionId` owned by `userId`, unless the user is blocked: every signed-in request asks. */
const liveUserSession = preparedPer((db) =>
  db
    .select({ id: users.id, email: users.email, role: users.role, familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(users.id, sql.placeholder('userId')),
        isLive(sql.placeholder('now')),
        isNull(users.blockedAt),
      ),
    )
    .prepare('live_user_session'),
);

export async function findLiveUserSession(
  db: Executor,
  session: { sessionId: string; userId: string },
  now: Date,
): Promise<LiveUserSession | undefined> {
  const [row] = await liveUserSession(db).execute({ ...session, now });
  return row === undefined ? undefined : { ...row, sessionId: session.sessionId };
}

/** The admin of a live session row `sessionId` owned by `adminId`. */
export async function findLiveAdminSession(
  db: Executor,
  session: { sessionId: string; adminId: string },
  now: Date,
): Promise<LiveAdminSession | undefined> {
  const [row] = await db
    .select({ id: admins.id, email: admins.email, familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.id, session.sessionId), eq(admins.id, session.adminId), isLive(now)));
  return row === undefined ? undefined : { ...row, sessionId: session.sessionId };
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

/** The family (the sign-in) a session row belongs to, by its row id or its refresh token's hash. */
export async function findSessionFamily(
  db: Executor,
  subject: AccessAudience,
  by: { sessionId: string } | { refreshTokenHash: string },
): Promise<string | undefined> {
  const match =
    'sessionId' in by ? eq(sessions.id, by.sessionId) : eq(sessions.refreshTokenHash, by.refreshTokenHash);
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(match, eq(sessions.subject, subject)));
  return row?.familyId;
}
