import { describe, expect, it } from 'vitest';
import { idempotencyMessages } from '@skillroute/shared/marketplace-limits';
import { decideRepeat, fingerprintOf, keepsUnchangedAnswer, keptSince, keyOf } from './rules';

describe('keyOf', () => {
  it('takes a key of 1 to 255 characters, and none when the header is absent', () => {
    expect(keyOf(undefined)).toBeUndefined();
    expect(keyOf('a')).toBe('a');
    expect(keyOf('k'.repeat(255))).toHaveLength(255);
  });

  it('refuses an empty key, one too long, and the header sent twice', () => {
    for (const header of ['', 'k'.repeat(256), ['a', 'b']])
      expect(() => keyOf(header)).toThrow(idempotencyMessages.keyInvalid);
  });
});

describe('fingerprintOf', () => {
  const base = { method: 'POST', url: '/api/bookings', body: { mentorId: 'm', startTime: 't' } };
  it('is the same for the same request, whatever its query, and differs by path and body', () => {
    expect(fingerprintOf(base)).toBe(fingerprintOf({ ...base, url: '/api/bookings?x=1' }));
    expect(fingerprintOf(base)).not.toBe(fingerprintOf({ ...base, url: '/api/bookings/1/cancel' }));
    expect(fingerprintOf(base)).not.toBe(fingerprintOf({ ...base, body: { mentorId: 'm', startTime: 'u' } }));
  });
});

describe('decideRepeat', () => {
  const now = new Date('2026-01-02T12:00:00Z');
  const stored = {
    fingerprint: 'f',
    status: 201,
    response: { booking: { id: 'b' } },
    createdAt: new Date(now.getTime() - 1000),
  };
  it('replays the first answer of the same request', () => {
    expect(decideRepeat(stored, 'f', now)).toEqual({
      kind: 'replay',
      status: 201,
      response: stored.response,
    });
  });
  it('refuses another request with 422, and one not answered yet with 409', () => {
    const other = decideRepeat(stored, 'g', now);
    expect(other.kind === 'refuse' && other.error.statusCode).toBe(422);
    const pending = decideRepeat({ ...stored, status: null, response: null }, 'f', now);
    expect(pending.kind === 'refuse' && [pending.error.statusCode, pending.error.message]).toEqual([
      409,
      idempotencyMessages.inProgress,
    ]);
  });
  it('tells a repeat long after an unanswered change that the change was made (its request died)', () => {
    const orphan = { ...stored, status: null, response: null, createdAt: new Date(now.getTime() - 121_000) };
    const decision = decideRepeat(orphan, 'f', now);
    expect(decision.kind === 'refuse' && [decision.error.statusCode, decision.error.message]).toEqual([
      409,
      idempotencyMessages.answerLost,
    ]);
  });
});

describe('keepsUnchangedAnswer and keptSince', () => {
  it('keeps refusals but not 5xx or 429, and keeps keys 24 hours', () => {
    expect([200, 400, 409, 429, 500, 503].map(keepsUnchangedAnswer)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(keptSince(new Date('2026-01-02T12:00:00Z')).toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });
});
