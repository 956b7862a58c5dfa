import { randomUUID } from 'node:crypto';
import { sessionEndedMessage } from '@skillroute/shared/auth-constants';
import type { ServiceContext } from '../context/service-context';
import type { Database, Executor } from '../db/client';
import type { SessionRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../lib/passwords';
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
import type { LiveAdminSession, LiveUserSession, ServiceSettings } from '../context/ports';
import * as repository from './repository';
import type { ClientInfo, SessionOwner } from './repository';
import { msg } from '@skillroute/shared/i18n/msg';

/**
 * Sessions, for users and admins alike (decision 004): checking a password, opening, rotating and ending a
 * sign-in, signing its tokens, and "is this session live". The user side (`modules/auth`) and the admin side
 * (`modules/admin`) differ only in whom a session belongs to; every step they share is written here once.
 */

/** What both sides say about a sign-in. The spec does not show these texts (§7), so they are ours. */
export const sessionMessages = {
  wrongCredentials: msg('Incorrect e-mail or password.'),
  loggedOut: msg('You have been logged out.'),
} as const;

export interface SessionTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

/** The cookies a sign-out reads: either may be missing. */
export interface SessionCookies {
  refreshToken: string | undefined;
  accessToken: string | undefined;
}

/**
 * How long a refresh token that was just exchanged is still accepted, answered with the same successor: two
 * tabs refreshing at once with the same cookie must not look like a stolen token and sign the person out.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** How long after expiry an access token still names the session to end at sign-out: its refresh token's life. */
const SIGN_OUT_TOKEN_TOLERANCE_SECONDS = REFRESH_TOKEN_TTL_MS / 1000;

const expired = () => new AppError('unauthorized', sessionEndedMessage);

/**
 * The account whose password this is, or 401. A wrong e-mail and a wrong password get the same words after the
 * same work (a dummy hash is checked when there is no account, or it has no password), so neither the answer
 * nor its timing says which e-mails have accounts.
 */
export async function checkCredentials<A extends { passwordHash: string | null }>(
  account: A | undefined,
  password: string,
): Promise<A> {
  const passwordOk = account?.passwordHash
    ? await verifyPassword(account.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (account === undefined || !passwordOk)
    throw new AppError('unauthorized', sessionMessages.wrongCredentials);
  return account;
}

/** A session row and its refresh token (returned once, stored hashed), in a new family or an existing one. */
async function createSession(
  db: Executor,
  owner: SessionOwner,
  client: ClientInfo,
  now: Date,
  familyId: string = randomUUID(),
  refreshToken: string = randomToken(),
): Promise<{ row: SessionRow; refreshToken: string }> {
  const row = await repository.insertSession(db, {
    owner,
    client,
    familyId,
    refreshTokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return { row, refreshToken };
}

/** The secret that signs an audience's access tokens. */
export const secretOf = (settings: ServiceSettings, audience: AccessAudience): string =>
  audience === 'admin' ? settings.adminJwtSecret : settings.jwtSecret;

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
async function rotateSession(
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
    const old = await repository.markExchanged(tx, subject, tokenHash, now);
    if (old === undefined) return undefined;
    const owner: SessionOwner =
      old.subject === 'admin'
        ? { subject: 'admin', adminId: old.adminId ?? '' }
        : { subject: 'user', userId: old.userId ?? '' };
    return createSession(tx, owner, client, now, old.familyId, successor);
  });
  if (rotated !== undefined) return rotated;

  const known = await repository.findByRefreshToken(db, subject, tokenHash);
  if (
    known?.replacedAt != null &&
    known.revokedAt === null &&
    now.getTime() - known.replacedAt.getTime() <= REFRESH_REUSE_GRACE_MS
  ) {
    // The successor must itself be untouched: one already exchanged again means this is no simple race.
    const next = await repository.findLiveUnexchanged(db, known.familyId, hashToken(successor), now);
    if (next !== undefined) return { row: next, refreshToken: successor };
  }
  if (known !== undefined && (known.replacedAt !== null || known.revokedAt !== null))
    await repository.revokeSessionFamily(db, known.familyId, now);
  throw expired();
}

/**
 * A rotated pair for the owner of a live refresh token, 401 otherwise: `ownerOf` finds whom the rotated row
 * belongs to and the claims of their access token, or nothing (deleted, blocked), which ends the sign-in.
 */
export async function refreshSession<Owner>(
  { db, clock, settings }: ServiceContext,
  input: {
    audience: AccessAudience;
    refreshToken: string | undefined;
    client: ClientInfo;
    ownerOf: (row: SessionRow) => Promise<{ owner: Owner; claims: Omit<AccessClaims, 'sid'> } | undefined>;
  },
): Promise<{ owner: Owner; tokens: SessionTokens }> {
  const { audience, refreshToken, client, ownerOf } = input;
  const secret = secretOf(settings, audience);
  if (refreshToken === undefined || refreshToken === '') throw expired();
  const now = clock.now();
  const rotated = await rotateSession(db, secret, audience, refreshToken, client, now);
  const found = await ownerOf(rotated.row);
  if (found === undefined) {
    await repository.revokeSessionFamily(db, rotated.row.familyId, now);
    throw expired();
  }
  const accessToken = await signAccessToken(secret, audience, { ...found.claims, sid: rotated.row.id }, now);
  return {
    owner: found.owner,
    tokens: { sessionId: rotated.row.id, accessToken, refreshToken: rotated.refreshToken },
  };
}

/** The claims of an access cookie that is there and valid. */
async function claimsOf(
  secret: string,
  audience: AccessAudience,
  token: string | undefined,
  now: Date,
): Promise<AccessClaims | undefined> {
  return token === undefined || token === '' ? undefined : verifyAccessToken(secret, audience, token, now);
}

/**
 * The claims of a user access token whose signature and expiry hold, without asking whether its session is still
 * live: for public reads that only leave their reader out, and answer a signed-out or blocked reader with nothing
 * that everyone may not read.
 */
export async function readUserClaims(
  jwtSecret: string,
  token: string | undefined,
  now: Date,
): Promise<AccessClaims | undefined> {
  return claimsOf(jwtSecret, 'user', token, now);
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
  const claims = await claimsOf(jwtSecret, 'user', token, now);
  if (claims === undefined) return undefined;
  return repository.findLiveUserSession(db, { sessionId: claims.sid, userId: claims.sub }, now);
}

/** The admin an admin access token speaks for, by the same rule. */
export async function findLiveAdminSession(
  db: Executor,
  adminJwtSecret: string,
  token: string | undefined,
  now: Date,
): Promise<LiveAdminSession | undefined> {
  const claims = await claimsOf(adminJwtSecret, 'admin', token, now);
  if (claims === undefined) return undefined;
  return repository.findLiveAdminSession(db, { sessionId: claims.sid, adminId: claims.sub }, now);
}

/**
 * Sign-out, for users and admins alike: ends the family named by the refresh cookie, or by the access cookie
 * when only that one came (even expired: its signature still proves which session it was), and drops the
 * sockets of every family it ended.
 */
export async function signOut(
  { db, clock, sockets, settings }: ServiceContext,
  input: { audience: AccessAudience; cookies: SessionCookies },
): Promise<void> {
  const { audience, cookies } = input;
  const secret = secretOf(settings, audience);
  const now = clock.now();
  const families = new Set<string>();
  if (cookies.refreshToken) {
    const family = await repository.findSessionFamily(db, audience, {
      refreshTokenHash: hashToken(cookies.refreshToken),
    });
    if (family !== undefined) families.add(family);
  }
  if (cookies.accessToken) {
    const claims = await verifyAccessToken(
      secret,
      audience,
      cookies.accessToken,
      now,
      SIGN_OUT_TOKEN_TOLERANCE_SECONDS,
    );
    const family =
      claims === undefined
        ? undefined
        : await repository.findSessionFamily(db, audience, { sessionId: claims.sid });
    if (family !== undefined) families.add(family);
  }
  for (const family of families) await repository.revokeSessionFamily(db, family, now);
  for (const family of families) sockets.disconnectSession(family);
}
