import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle, type IdTokenOptions } from './fake-google';
import { GoogleTokenError, verifyGoogleIdToken, type GoogleTokenProblem } from './verify-id-token';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());

const googleToken = (options?: IdTokenOptions) => google.idToken(options);

const verify = (credential: string) =>
  verifyGoogleIdToken(credential, { clientId: google.clientId, jwksUrl: google.jwksUrl });

async function problemOf(credential: string | Promise<string>, url?: string): Promise<GoogleTokenProblem> {
  try {
    await verifyGoogleIdToken(await credential, {
      clientId: google.clientId,
      jwksUrl: url ?? google.jwksUrl,
    });
  } catch (error) {
    expect(error).toBeInstanceOf(GoogleTokenError);
    return (error as GoogleTokenError).problem;
  }
  throw new Error('expected the token to be refused');
}

describe('verifyGoogleIdToken', () => {
  it('accepts a valid token and returns who it vouches for, with the e-mail lower-cased', async () => {
    await expect(verify(await googleToken())).resolves.toEqual({
      sub: 'google-sub-123',
      email: 'ada@example.org',
      name: 'Ada Lovelace',
      givenName: 'Ada',
    });
  });

  it('accepts both spellings of the issuer and the older string form of email_verified', async () => {
    await expect(verify(await googleToken({ issuer: 'accounts.google.com' }))).resolves.toMatchObject({
      sub: 'google-sub-123',
    });
    await expect(verify(await googleToken({ claims: { email_verified: 'true' } }))).resolves.toMatchObject({
      sub: 'google-sub-123',
    });
  });

  it('caches the keys between sign-ins', async () => {
    await verify(await googleToken());
    const before = google.jwksRequests();
    await verify(await googleToken());
    expect(google.jwksRequests()).toBe(before);
  });

  it('refuses an expired token', async () => {
    expect(await problemOf(googleToken({ expiresAt: Math.floor(Date.now() / 1000) - 3600 }))).toBe('expired');
  });

  it('refuses a token issued for another app', async () => {
    expect(await problemOf(googleToken({ audience: 'someone-else.apps.googleusercontent.com' }))).toBe(
      'invalid',
    );
  });

  it('refuses a token from another issuer', async () => {
    expect(await problemOf(googleToken({ issuer: 'https://evil.example.org' }))).toBe('invalid');
  });

  it('refuses a token whose e-mail Google has not verified, or that has no e-mail', async () => {
    expect(await problemOf(googleToken({ claims: { email_verified: false } }))).toBe('email_unverified');
    expect(await problemOf(googleToken({ claims: { email_verified: undefined } }))).toBe('email_unverified');
    expect(await problemOf(googleToken({ claims: { email: undefined } }))).toBe('invalid');
  });

  it('refuses a forged token: right key id, signed with another key', async () => {
    expect(await problemOf(googleToken({ forged: true }))).toBe('invalid');
  });

  it('refuses a token signed with a shared secret instead of Google key (algorithm confusion)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hs256 = await new SignJWT({ email: 'ada@example.org', email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'fake-google-key-1' })
      .setSubject('google-sub-123')
      .setIssuer('https://accounts.google.com')
      .setAudience(google.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('a secret anyone could choose, 32+ bytes'));
    expect(await problemOf(hs256)).toBe('invalid');
  });

  it('refuses malformed credentials', async () => {
    for (const credential of [
      '',
      'not-a-jwt',
      'a.b.c',
      'eyJhbGciOiJSUzI1NiJ9..',
      (await googleToken()).slice(0, -10),
    ]) {
      expect(await problemOf(credential), credential).toBe('invalid');
    }
  });

  it('says the keys are unavailable when the key endpoint cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await problemOf(googleToken(), `http://127.0.0.1:${port}/certs`)).toBe('keys_unavailable');
  });
});
