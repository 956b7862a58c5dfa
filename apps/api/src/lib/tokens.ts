import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: refresh tokens and reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that replaces `refreshToken` at rotation: derived from it with the server's secret rather
 * than drawn at random, so a second refresh with the same old token in the grace period can be answered with
 * the very same successor (which is stored only hashed) instead of a new family or a sign-out.
 */
export function successorToken(secret: string, refreshToken: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${refreshToken}`).digest('base64url');
}

/**
 * What is stored instead of a token. A fast hash is enough: the tokens are 256 random bits, so
 * there is nothing to guess, only a leaked table to make useless.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type AccessAudience = 'user' | 'admin';

export interface AccessClaims {
  /** The user's or admin's id. */
  sub: string;
  email: string;
  role: 'user' | 'mentor' | 'admin';
  /** The session row the token belongs to: it must still be live for the token to count. */
  sid: string;
}

const ISSUER = 'skillroute';
const encoder = new TextEncoder();

/**
 * The secret as a WebCrypto key, imported once per secret: given the raw bytes, jose imports them again for every
 * token it signs or checks, which doubled the time of a check (59-72 µs a token against 30-39 µs with the key
 * imported once, in one process on this machine). A process has one or two secrets; the bound only keeps a test run with many apps small.
 */
const hmacKeys = new LRUCache<string, Promise<CryptoKey>>({ max: 16 });

function hmacKeyOf(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

/** A 15-minute HS256 JWT. The audience keeps a user token from passing as an admin one even if the secrets were equal. */
export async function signAccessToken(
  secret: string,
  audience: AccessAudience,
  claims: AccessClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: claims.email, role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await hmacKeyOf(secret));
}

/**
 * Tokens whose signature was checked, by audience, secret and text: a signed-in reader sends the same token with
 * every request for its 15 minutes, and WebCrypto's check cost about 2% of the api's time under the marketplace's
 * load. Only a token that passed is kept, and its expiry is checked again on every use; a session's end is the
 * session row's business (sessions/service.ts), never the token's. The bound keeps what sign-ins can fill small.
 */
const checkedTokens = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max: 10_000 });

/**
 * The claims of a valid token, or undefined for a forged, expired, foreign or malformed one.
 * `expiredToleranceSeconds` accepts a token that expired that long ago (logout only needs to know whose it was).
 */
export async function verifyAccessToken(
  secret: string,
  audience: AccessAudience,
  token: string,
  now = new Date(),
  expiredToleranceSeconds = 0,
): Promise<AccessClaims | undefined> {
  const key = `${audience}\n${secret}\n${token}`;
  const checked = checkedTokens.get(key);
  // jose's own rule for `exp`, in whole seconds: expired once `exp <= now - tolerance`.
  if (checked !== undefined)
    return checked.exp <= Math.floor(now.getTime() / 1000) - expiredToleranceSeconds
      ? undefined
      : { ...checked.claims };
  try {
    const { payload } = await jwtVerify(token, await hmacKeyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      currentDate: now,
      clockTolerance: expiredToleranceSeconds,
    });
    const { sub, email, role, sid } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return undefined;
    if (role !== 'user' && role !== 'mentor' && role !== 'admin') return undefined;
    const claims: AccessClaims = { sub, email, role, sid };
    // Kept as its own object: the caller gets a copy, here and on every later use.
    if (typeof payload.exp === 'number') checkedTokens.set(key, { claims, exp: payload.exp });
    return { ...claims };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
