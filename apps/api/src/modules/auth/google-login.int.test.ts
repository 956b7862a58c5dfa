import { googleSignInMessages } from '@skillroute/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../adapters/google/fake-google';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { cookieHeader, cookiesOf } from '../../../test/sessions';

let t: TestApp;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await buildTestApp({ env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const googleLogin = (app: TestApp['app'], payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/google-login', payload: payload as Record<string, unknown> });

describe('POST /api/auth/google-login', () => {
  it('signs in with a valid Google ID token: cookies, and a session the API accepts', async () => {
    const response = await googleLogin(t.app, {
      credential: await google.idToken({ subject: 'sub-1', claims: { email: 'lovelace@example.org' } }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: 'lovelace@example.org', role: 'user', avatar: null });
    const cookies = cookiesOf(response);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieHeader(cookies) },
    });
    expect(session.json().user.id).toBe(response.json().user.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refreshToken',
          headers: { cookie: cookieHeader(cookies) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses forged and expired tokens with 401 and sets no cookie', async () => {
    for (const credential of [
      await google.idToken({ forged: true }),
      await google.idToken({ expiresAt: Math.floor(Date.now() / 1000) - 3600 }),
    ]) {
      const response = await googleLogin(t.app, { credential });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].message).toBe(googleSignInMessages.failed);
      expect(response.cookies).toEqual([]);
    }
  });

  it('refuses a blocked account with 403 reason blocked', async () => {
    await createUser(t.app.db, { email: 'blocked-google@example.org', blocked: true });
    const response = await googleLogin(t.app, {
      credential: await google.idToken({
        subject: 'sub-blocked',
        claims: { email: 'blocked-google@example.org' },
      }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().reason).toBe('blocked');
  });

  it('refuses a missing or mistyped credential with 400', async () => {
    expect((await googleLogin(t.app, {})).json().errors).toEqual([
      { message: googleSignInMessages.failed, field: 'credential' },
    ]);
    expect((await googleLogin(t.app, { credential: 42 })).statusCode).toBe(400);
  });

  it('answers 404 when Google sign-in is not configured', async () => {
    const plain = await buildTestApp();
    try {
      const response = await googleLogin(plain.app, { credential: await google.idToken() });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].message).toBe(googleSignInMessages.notConfigured);
    } finally {
      await plain.close();
    }
  });
});
