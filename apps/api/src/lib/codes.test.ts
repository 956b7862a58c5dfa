import { describe, expect, it } from 'vitest';
import {
  checkCode,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  codeMessages,
  generateCode,
  hashCode,
  type StoredCode,
} from './codes';

const now = new Date('2026-01-01T10:00:00Z');
const secret = 'a-test-secret-of-enough-length-0123456789';

function stored(code: string, changes: Partial<StoredCode> = {}): StoredCode {
  return {
    codeHash: hashCode(code, secret),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    attempts: 0,
    consumedAt: null,
    ...changes,
  };
}

describe('generateCode', () => {
  it('makes six digits, keeping leading zeros, and varies', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});

describe('checkCode', () => {
  it('accepts the right code before it expires', () => {
    expect(checkCode(stored('012345'), '012345', secret, now)).toEqual({ outcome: 'accepted' });
  });

  it('counts a wrong code and says so', () => {
    expect(checkCode(stored('012345'), '543210', secret, now)).toEqual({
      outcome: 'wrong',
      attempts: 1,
      message: codeMessages.wrong,
    });
  });

  it('burns the code on the fifth wrong try, and refuses even the right code afterwards', () => {
    expect(checkCode(stored('012345', { attempts: CODE_MAX_ATTEMPTS - 1 }), '000000', secret, now)).toEqual({
      outcome: 'wrong',
      attempts: CODE_MAX_ATTEMPTS,
      message: codeMessages.burnt,
    });
    expect(checkCode(stored('012345', { attempts: CODE_MAX_ATTEMPTS }), '012345', secret, now)).toEqual({
      outcome: 'burnt',
      message: codeMessages.burnt,
    });
  });

  it('refuses an expired code, even the right one', () => {
    expect(checkCode(stored('012345', { expiresAt: now }), '012345', secret, now)).toEqual({
      outcome: 'expired',
      message: codeMessages.expired,
    });
  });

  it('refuses when there is no code or it was already used', () => {
    expect(checkCode(undefined, '012345', secret, now).outcome).toBe('missing');
    expect(checkCode(stored('012345', { consumedAt: now }), '012345', secret, now).outcome).toBe('missing');
  });
  it('keys the stored value with the server secret, so a leaked table does not give codes away', () => {
    expect(hashCode('012345', secret)).not.toBe(hashCode('012345', 'another-secret-of-enough-length-98765'));
    expect(checkCode(stored('012345'), '012345', 'another-secret-of-enough-length-98765', now).outcome).toBe(
      'wrong',
    );
  });
});
