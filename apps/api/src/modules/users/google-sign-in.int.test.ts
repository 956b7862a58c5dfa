import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBlockedMessage, authReasons, googleSignInMessages } from '@skillroute/shared/auth';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { startFakeGoogle, type FakeGoogle, type IdTokenOptions } from '../../adapters/google/fake-google';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { signInWithGoogle } from './service';
import { withLogger } from '../../context/service-context';

let testApp: TestApp;
let google: FakeGoogle;
const quietLog = { info() {}, warn() {}, error() {} };
const ctx = () => withLogger(testApp.app.services, quietLog);

beforeAll(async () => {
  testApp = await buildTestApp();
  google = await startFakeGoogle();
});
afterAll(async () => {
  await testApp.close();
  await google.close();
});

const config = () => ({ clientId: google.clientId, jwksUrl: google.jwksUrl });
const signIn = async (options?: IdTokenOptions) =>
  signInWithGoogle(ctx(), { google: config(), credential: await google.idToken(options) });
const rowByEmail = async (email: string) =>
  (await testApp.app.db.select().from(users).where(eq(users.email, email)))[0];
const userCount = async () => (await testApp.app.db.select({ id: users.id }).from(users)).length;

async function refusal(
  attempt: Promise<unknown>,
): Promise<{ status: number; message: string; reason: string | undefined }> {
  try {
    await attempt;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    return { status: appError.statusCode, message: appError.message, reason: appError.reason };
  }
  throw new Error('expected the sign-in to be refused');
}

describe('signInWithGoogle', () => {
  it('creates a verified, password-less account on first use, with a name that fits the rule', async () => {
    const user = await signIn({
      subject: 'sub-new',
      claims: { email: 'Jose.Luis@Example.org', given_name: 'José-Luis', name: 'José-Luis Ortega' },
    });
    expect(user).toMatchObject({
      name: 'JoseLuis',
      email: 'jose.luis@example.org',
      role: 'user',
      avatar: null,
    });
    const row = await rowByEmail('jose.luis@example.org');
    expect(row).toMatchObject({ id: user.id, googleSub: 'sub-new', passwordHash: null });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
  });

  it('finds the same account next time by its Google id, even after the e-mail changed at Google', async () => {
    const first = await signIn({ subject: 'sub-stable', claims: { email: 'old@example.org' } });
    const again = await signIn({ subject: 'sub-stable', claims: { email: 'new@example.org' } });
    expect(again.id).toBe(first.id);
  });

  it('links an existing verified account by e-mail (any case) and keeps its password', async () => {
    const passwordHash = await hashPassword('my-password-1');
    await testApp.app.db.insert(users).values({
      name: 'Grace',
      email: 'Grace@Example.org',
      passwordHash,
      verifiedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const user = await signIn({
      subject: 'sub-grace',
      claims: { email: 'grace@example.org', given_name: 'Gracie' },
    });
    expect(user.name).toBe('Grace');
    expect(await rowByEmail('grace@example.org')).toMatchObject({
      id: user.id,
      googleSub: 'sub-grace',
      passwordHash,
      verifiedAt: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('verifies an unverified account it links, and drops the password no one proved was theirs', async () => {
    await testApp.app.db.insert(users).values({
      name: 'Squatter',
      email: 'victim@example.org',
      passwordHash: await hashPassword('attacker-1'),
    });
    const user = await signIn({ subject: 'sub-victim', claims: { email: 'victim@example.org' } });
    const row = await rowByEmail('victim@example.org');
    expect(row).toMatchObject({ id: user.id, googleSub: 'sub-victim', passwordHash: null });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
  });

  it('refuses an e-mail already linked to another Google account with 409', async () => {
    await signIn({ subject: 'sub-first', claims: { email: 'shared@example.org' } });
    expect(
      await refusal(signIn({ subject: 'sub-second', claims: { email: 'shared@example.org' } })),
    ).toMatchObject({ status: 409, message: googleSignInMessages.linkedToAnother });
  });

  it('refuses a blocked account with 403 and reason blocked, found by Google id or by e-mail', async () => {
    await signIn({ subject: 'sub-blocked', claims: { email: 'blocked@example.org' } });
    await testApp.app.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.email, 'blocked@example.org'));
    await testApp.app.db.insert(users).values({
      name: 'Mallory',
      email: 'mallory@example.org',
      verifiedAt: new Date(),
      blockedAt: new Date(),
    });
    const expected = { status: 403, message: accountBlockedMessage, reason: authReasons.blocked };
    expect(
      await refusal(signIn({ subject: 'sub-blocked', claims: { email: 'blocked@example.org' } })),
    ).toEqual(expected);
    expect(
      await refusal(signIn({ subject: 'sub-mallory', claims: { email: 'mallory@example.org' } })),
    ).toEqual(expected);
    expect((await rowByEmail('mallory@example.org'))?.googleSub).toBeNull();
  });

  it('refuses bad credentials with 401 and creates nothing', async () => {
    const before = await userCount();
    const now = Math.floor(Date.now() / 1000);
    const failed = { status: 401, message: googleSignInMessages.failed, reason: undefined };
    expect(await refusal(signIn({ subject: 'sub-x', expiresAt: now - 3600 }))).toEqual(failed);
    expect(await refusal(signIn({ subject: 'sub-x', forged: true }))).toEqual(failed);
    expect(await refusal(signIn({ subject: 'sub-x', audience: 'another-app' }))).toEqual(failed);
    expect(await refusal(signIn({ subject: 'sub-x', issuer: 'https://accounts.example.org' }))).toEqual(
      failed,
    );
    expect(await refusal(signInWithGoogle(ctx(), { google: config(), credential: 'not-a-token' }))).toEqual(
      failed,
    );
    expect(await refusal(signIn({ subject: 'sub-x', claims: { email_verified: false } }))).toEqual({
      status: 401,
      message: googleSignInMessages.emailUnverified,
      reason: undefined,
    });
    expect(await userCount()).toBe(before);
  });

  it("answers 503 when Google's keys cannot be fetched, and 404 when Google sign-in is not configured", async () => {
    const unreachable = { clientId: google.clientId, jwksUrl: 'http://127.0.0.1:9/certs' };
    expect(
      await refusal(signInWithGoogle(ctx(), { google: unreachable, credential: await google.idToken() })),
    ).toMatchObject({
      status: 503,
      message: googleSignInMessages.unavailable,
    });
    expect(
      await refusal(signInWithGoogle(ctx(), { google: undefined, credential: await google.idToken() })),
    ).toMatchObject({
      status: 404,
      message: googleSignInMessages.notConfigured,
    });
  });
});
