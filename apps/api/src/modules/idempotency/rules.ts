import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_ANSWER_LOST_AFTER_SECONDS,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyMessages,
} from '@skillroute/shared/marketplace-limits';
import { AppError } from '../../lib/errors';

const KEY_LIFETIME_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000;

/**
 * The `Idempotency-Key` a request carries, or undefined without one. Empty, too long or sent twice → 400:
 * a key that cannot be kept would silently make a repeat run again.
 */
export function keyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length === 0 || header.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    throw new AppError('bad_request', idempotencyMessages.keyInvalid);
  return header;
}

/** What a key stands for: the method, the path (with its ids) and the body, so a key reused for another request is caught. */
export function fingerprintOf(request: { method: string; url: string; body: unknown }): string {
  const body = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
  return `${request.method} ${request.url.split('?')[0]} ${body}`;
}

/** Keys made before this instant are forgotten: a repeat after that runs again. */
export function keptSince(now: Date): Date {
  return new Date(now.getTime() - KEY_LIFETIME_MS);
}

export interface StoredKey {
  fingerprint: string;
  status: number | null;
  response: unknown;
  createdAt: Date;
}

export type KeyDecision =
  { kind: 'replay'; status: number; response: unknown } | { kind: 'refuse'; error: AppError };

/**
 * What a repeat of a known key gets: the first answer, or a refusal when it is another request or not answered
 * yet. A key without an answer long after its change committed belongs to a request whose process died
 * between the two: the change is made, which is what the person needs to know.
 */
export function decideRepeat(stored: StoredKey, fingerprint: string, now: Date): KeyDecision {
  if (stored.fingerprint !== fingerprint)
    return { kind: 'refuse', error: new AppError('unprocessable', idempotencyMessages.keyReused) };
  if (stored.status === null) {
    const lost = now.getTime() - stored.createdAt.getTime() > IDEMPOTENCY_ANSWER_LOST_AFTER_SECONDS * 1000;
    return {
      kind: 'refuse',
      error: new AppError('conflict', lost ? idempotencyMessages.answerLost : idempotencyMessages.inProgress),
    };
  }
  return { kind: 'replay', status: stored.status, response: stored.response };
}

/**
 * Whether an answer given without any change committed is kept for the key's repeats: a refusal is (the
 * first answer), but not a 5xx or a 429, after which trying again may do the thing.
 */
export function keepsUnchangedAnswer(status: number): boolean {
  return status < 500 && status !== 429;
}
