import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_MS, type AccessAudience } from './tokens';

/** The cookie names and paths of DESIGN.md §4: each refresh cookie only travels to its own refresh route. */
export const cookieNames = {
  user: { access: 'accessToken', refresh: 'refreshToken', refreshPath: '/api/auth' },
  admin: { access: 'adminAccessToken', refresh: 'adminRefreshToken', refreshPath: '/api/admin' },
} as const satisfies Record<AccessAudience, { access: string; refresh: string; refreshPath: string }>;

export interface CookiePolicy {
  /** Secure cookies are only sent over HTTPS: production only, so http://localhost works in development. */
  secure: boolean;
}

function baseOptions(policy: CookiePolicy, path: string): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: policy.secure, path };
}

export function setSessionCookies(
  reply: FastifyReply,
  audience: AccessAudience,
  policy: CookiePolicy,
  tokens: { accessToken: string; refreshToken: string },
): void {
  const names = cookieNames[audience];
  reply.setCookie(names.access, tokens.accessToken, {
    ...baseOptions(policy, '/'),
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(names.refresh, tokens.refreshToken, {
    ...baseOptions(policy, names.refreshPath),
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export function clearSessionCookies(
  reply: FastifyReply,
  audience: AccessAudience,
  policy: CookiePolicy,
): void {
  const names = cookieNames[audience];
  reply.clearCookie(names.access, baseOptions(policy, '/'));
  reply.clearCookie(names.refresh, baseOptions(policy, names.refreshPath));
}
