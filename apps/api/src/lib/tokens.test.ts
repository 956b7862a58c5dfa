import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hashToken,
  randomToken,
  signAccessToken,
  verifyAccessToken,
} from './tokens';

const secret = 'a-test-secret-of-more-than-32-characters';
const claims = { sub: 'user-1', email: 'ada@example.org', role: 'user' as const, sid: 'session-1' };

describe('random tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const first = randomToken();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(first);
  });

  it('are stored as a sha256 that is stable and not the token', () => {
    const token = randomToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(randomToken()));
  });
});

describe('access tokens', () => {
  it('carry the claims back when verified with the same secret and audience', async () => {
    const token = await signAccessToken(secret, 'user', claims);
    expect(await verifyAccessToken(secret, 'user', token)).toEqual(claims);
  });

  it('expire after 15 minutes', async () => {
    const issued = new Date('2026-01-01T10:00:00Z');
    const token = await signAccessToken(secret, 'user', claims, issued);
    expect(
      await verifyAccessToken(
        secret,
        'user',
        token,
        new Date(issued.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000),
      ),
    ).toEqual(claims);
    expect(
      await verifyAccessToken(
        secret,
        'user',
        token,
        new Date(issued.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000),
      ),
    ).toBeUndefined();
  });

  it('are checked once: the same token again is answered from the tokens already checked, until it expires', async () => {
    const issued = new Date('2026-02-01T10:00:00Z');
    const token = await signAccessToken(secret, 'user', { ...claims, sid: 'session-checked-once' }, issued);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      const at = (seconds: number) =>
        verifyAccessToken(secret, 'user', token, new Date(issued.getTime() + seconds * 1000));
      expect(await at(1)).toMatchObject({ sid: 'session-checked-once' });
      expect(await at(2)).toMatchObject({ sid: 'session-checked-once' });
      expect(verify).toHaveBeenCalledTimes(1);
      expect(await at(ACCESS_TOKEN_TTL_SECONDS)).toBeUndefined();
      // Within a tolerance given for a sign-out, as jose would answer.
      expect(
        await verifyAccessToken(
          secret,
          'user',
          token,
          new Date(issued.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
          5,
        ),
      ).toMatchObject({ sid: 'session-checked-once' });
      // Another secret or audience is checked anew, and refused.
      expect(
        await verifyAccessToken('another-secret-of-more-than-32-characters', 'user', token, issued),
      ).toBeUndefined();
      expect(await verifyAccessToken(secret, 'admin', token, issued)).toBeUndefined();
    } finally {
      verify.mockRestore();
    }
  });

  it('are refused with another secret, another audience, or when altered or malformed', async () => {
    const token = await signAccessToken(secret, 'user', claims);
    expect(
      await verifyAccessToken('another-secret-of-more-than-32-characters', 'user', token),
    ).toBeUndefined();
    expect(await verifyAccessToken(secret, 'admin', token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'mentor' })).toString('base64url');
    expect(
      await verifyAccessToken(secret, 'user', `${header}.${forgedPayload}.${signature}`),
    ).toBeUndefined();
    expect(await verifyAccessToken(secret, 'user', 'not-a-jwt')).toBeUndefined();
    expect(await verifyAccessToken(secret, 'user', '')).toBeUndefined();
  });

  it('are refused when a claim is missing or of the wrong kind, even when signed', async () => {
    const key = new TextEncoder().encode(secret);
    const withoutSid = await new SignJWT({ email: claims.email, role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('skillroute')
      .setAudience('user')
      .setExpirationTime('5m')
      .sign(key);
    expect(await verifyAccessToken(secret, 'user', withoutSid)).toBeUndefined();
    const strangeRole = await new SignJWT({ email: claims.email, role: 'root', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('skillroute')
      .setAudience('user')
      .setExpirationTime('5m')
      .sign(key);
    expect(await verifyAccessToken(secret, 'user', strangeRole)).toBeUndefined();
  });
});
