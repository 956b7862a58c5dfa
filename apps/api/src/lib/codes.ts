import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_TTL_MINUTES } from '@skillroute/shared/auth';
import { msg } from '@skillroute/shared/i18n/msg';

export const CODE_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;
/** Wrong tries a code survives; the fifth wrong one burns it. */
export const CODE_MAX_ATTEMPTS = 5;

export const codeMessages = {
  wrong: msg('The code is not correct. Please check the e-mail and try again.'),
  burnt: msg('Too many wrong tries for this code. Please ask for a new code.'),
  expired: msg('This code has expired. Please ask for a new code.'),
  missing: msg('There is no code waiting for this e-mail. Please ask for a new code.'),
} as const;

/** Six uniformly random digits, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Keyed with a server secret: a code has only a million values, so a plain hash in a leaked table would
 * give every live code away in a moment. Without the key, the stored value says nothing.
 */
export function hashCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(`email-code:${code}`).digest('hex');
}

export interface StoredCode {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
}

export type CodeCheck =
  | { outcome: 'accepted' }
  /** `attempts` is the new count to store; at CODE_MAX_ATTEMPTS the message already says the code is burnt. */
  | { outcome: 'wrong'; attempts: number; message: string }
  | { outcome: 'burnt' | 'expired' | 'missing'; message: string };

/**
 * Judges a typed code against the newest code of the account. Pure: the caller stores `attempts` for a
 * wrong code and marks an accepted code consumed. The fifth wrong try answers "burnt" at once, so the
 * person knows to ask for a new code rather than try a sixth time.
 */
export function checkCode(
  stored: StoredCode | undefined,
  typed: string,
  secret: string,
  now = new Date(),
): CodeCheck {
  if (stored === undefined || stored.consumedAt !== null)
    return { outcome: 'missing', message: codeMessages.missing };
  if (stored.attempts >= CODE_MAX_ATTEMPTS) return { outcome: 'burnt', message: codeMessages.burnt };
  if (stored.expiresAt.getTime() <= now.getTime())
    return { outcome: 'expired', message: codeMessages.expired };
  const expected = Buffer.from(stored.codeHash, 'hex');
  const actual = Buffer.from(hashCode(typed, secret), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return { outcome: 'accepted' };
  const attempts = stored.attempts + 1;
  return {
    outcome: 'wrong',
    attempts,
    message: attempts >= CODE_MAX_ATTEMPTS ? codeMessages.burnt : codeMessages.wrong,
  };
}
