/**
 * The per-route limits of issue #3, with the keys they count by. Keys are namespaced per rule so one
 * e-mail's sign-in count never mixes with its code requests, and e-mails are compared case-insensitively
 * (the database does too), so `ADA@x.org` cannot buy a second budget.
 */
import { normalEmail, signInLimit } from '../../sessions/sign-in-limit';

const MINUTE_MS = 60_000;

export const authRateLimits = {
  /** The sign-in limit admins have too (sessions/sign-in-limit.ts). */
  signIn: signInLimit('sign-in'),
  /** One code mail per minute per e-mail. */
  codeRequest: {
    max: 1,
    timeWindowMs: MINUTE_MS,
    key: (email: unknown) => `code-request:${normalEmail(email)}`,
  },
  /** 20 sign-ups per hour per client address: one client cannot fill the mail queue with codes for made-up addresses. */
  signUp: { max: 20, timeWindowMs: 60 * MINUTE_MS, key: (ip: string) => `sign-up:${ip}` },
  /** Five reset mails per hour per e-mail. */
  forgotPassword: {
    max: 5,
    timeWindowMs: 60 * MINUTE_MS,
    key: (email: unknown) => `forgot-password:${normalEmail(email)}`,
  },
} as const;

/**
 * Seconds to wait before another code may be mailed, given when the newest one was; 0 when one may go now.
 * Counted from the database too, so a code mailed by sign-up or sign-in also starts the minute.
 */
export function codeRequestWaitSeconds(newestCodeCreatedAt: Date | undefined, now = new Date()): number {
  if (newestCodeCreatedAt === undefined) return 0;
  const remainingMs = newestCodeCreatedAt.getTime() + authRateLimits.codeRequest.timeWindowMs - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}
