import { describe, expect, it } from 'vitest';
import { authRateLimits, codeRequestWaitSeconds } from './rate-limits';

describe('auth rate-limit keys', () => {
  it('count sign-ins per e-mail and IP, whatever the case or spaces of the e-mail', () => {
    const { key } = authRateLimits.signIn;
    expect(key(' Ada@Example.org ', '10.0.0.1')).toBe(key('ada@example.org', '10.0.0.1'));
    expect(key('ada@example.org', '10.0.0.1')).not.toBe(key('ada@example.org', '10.0.0.2'));
    expect(key('ada@example.org', '10.0.0.1')).not.toBe(key('bob@example.org', '10.0.0.1'));
  });

  it('keep each rule in its own namespace', () => {
    const email = 'ada@example.org';
    const keys = [
      authRateLimits.signIn.key(email, '1.1.1.1'),
      authRateLimits.codeRequest.key(email),
      authRateLimits.forgotPassword.key(email),
    ];
    expect(new Set(keys).size).toBe(3);
  });

  it('give a body without an e-mail one shared key rather than throwing', () => {
    expect(authRateLimits.codeRequest.key(undefined)).toBe('code-request:');
    expect(authRateLimits.forgotPassword.key(42)).toBe('forgot-password:');
  });

  it('have the limits of the issue', () => {
    expect([authRateLimits.signIn.max, authRateLimits.signIn.timeWindowMs]).toEqual([10, 15 * 60_000]);
    expect([authRateLimits.codeRequest.max, authRateLimits.codeRequest.timeWindowMs]).toEqual([1, 60_000]);
    expect([authRateLimits.forgotPassword.max, authRateLimits.forgotPassword.timeWindowMs]).toEqual([
      5,
      60 * 60_000,
    ]);
  });
});

describe('codeRequestWaitSeconds', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  it('is 0 without a code or once the minute has passed', () => {
    expect(codeRequestWaitSeconds(undefined, now)).toBe(0);
    expect(codeRequestWaitSeconds(new Date(now.getTime() - 60_000), now)).toBe(0);
  });
  it('rounds the rest of the minute up', () => {
    expect(codeRequestWaitSeconds(new Date(now.getTime() - 500), now)).toBe(60);
    expect(codeRequestWaitSeconds(new Date(now.getTime() - 59_001), now)).toBe(1);
  });
});
