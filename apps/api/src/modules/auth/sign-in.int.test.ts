import { authReasons } from '@skillroute/shared/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { sessionEndedMessage as sessionExpiredMessage } from '@skillroute/shared/auth-constants';
import { REFRESH_REUSE_GRACE_MS, sessionMessages } from '../../sessions/service';
import { signAccessToken } from '../../lib/tokens';
import { createUser } from '../../../test/accounts';
import { movableClock } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { cookieHeader, cookiesOf } from '../../../test/sessions';
import { authMessages } from './messages';

let t: TestApp;
let mailer: RecordingMailer;
const clock = movableClock();
const password = 'secret-pass-1';

beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ mailer, clock });
});
afterAll(() => t.close());

const logIn = (body: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });
const refresh = (refreshToken: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refreshToken',
    headers: { cookie: cookieHeader({ refreshToken }) },
  });
const session = (accessToken: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: cookieHeader({ accessToken }) },
  });
const logOut = (cookies: Record<string, string | undefined>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookieHeader(cookies) } });

async function signedIn(email: string): Promise<Record<string, string>> {
  const response = await logIn({ email, password });
  expect(response.statusCode).toBe(200);
  return cookiesOf(response);
}

describe('POST /api/auth/login', () => {
  it('signs a verified user in with the right password, whatever the case of the e-mail', async () => {
    const user = await createUser(t.app.db, { email: 'ada@example.org', password, name: 'Ada' });
    const response = await logIn({ email: 'ADA@example.org', password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: user.id,
        name: 'Ada',
        email: 'ada@example.org',
        role: 'user',
        avatar: null,
        timezone: 'Asia/Kolkata',
      },
    });
    expect(JSON.stringify(response.json())).not.toContain('argon2');
    const cookies = cookiesOf(response);
    expect((await session(cookies.accessToken)).json().user.id).toBe(user.id);
  });

  it('gives the same 401 for a wrong password, an unknown e-mail and a Google-only account', async () => {
    await createUser(t.app.db, { email: 'google-only@example.org' });
    const answers = await Promise.all([
      logIn({ email: 'ada@example.org', password: 'wrong-pass-1' }),
      logIn({ email: 'nobody@example.org', password }),
      logIn({ email: 'google-only@example.org', password }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        message: sessionMessages.wrongCredentials,
        errors: [{ message: sessionMessages.wrongCredentials }],
      });
    }
  });

  it('refuses an unverified account with 403 reason unverified and mails it a code', async () => {
    await createUser(t.app.db, { email: 'unverified@example.org', password, verified: false });
    const mark = mailer.sent.length;
    const response = await logIn({ email: 'unverified@example.org', password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      reason: authReasons.unverified,
      message: authMessages.unverified('unverified@example.org'),
    });
    expect(response.cookies).toEqual([]);
    const mail = await mailer.waitFor('unverified@example.org', /code/, mark);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: 'unverified@example.org', otp: codeIn(mail.text) },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('refuses a blocked account with 403 reason blocked, and only to someone who knows the password', async () => {
    await createUser(t.app.db, { email: 'blocked@example.org', password, blocked: true });
    const response = await logIn({ email: 'blocked@example.org', password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: authReasons.blocked, message: authMessages.blocked });
    expect((await logIn({ email: 'blocked@example.org', password: 'wrong-pass-1' })).statusCode).toBe(401);
  });

  it('refuses missing, mistyped and oversized fields with 400', async () => {
    const missing = await logIn({});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['email', 'password']);
    expect((await logIn({ email: 'ada@example.org', password: '' })).json().errors).toEqual([
      { message: 'Password is required', field: 'password' },
    ]);
    expect((await logIn({ email: 'ada@example.org', password: 'x'.repeat(129) })).statusCode).toBe(400);
    expect((await logIn({ email: 12, password: ['x'] })).statusCode).toBe(400);
  });

  it('allows 10 tries per 15 minutes per e-mail and IP, then 429 with Retry-After', async () => {
    await createUser(t.app.db, { email: 'target@example.org', password });
    for (let i = 0; i < 10; i += 1)
      expect(
        (await logIn({ email: 'target@example.org', password: 'wrong-pass-1' }, '10.1.1.1')).statusCode,
      ).toBe(401);
    const limited = await logIn({ email: 'Target@example.org', password }, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(limited.json().message).toBe('Too many requests. Please try again later.');
    // The owner, from another address, is not locked out.
    expect((await logIn({ email: 'target@example.org', password }, '10.1.1.2')).statusCode).toBe(200);
  });
});

describe('refresh, logout and the session', () => {
  it('rotates the refresh token on every refresh; the new cookies work', async () => {
    await createUser(t.app.db, { email: 'rota@example.org', password });
    const first = await signedIn('rota@example.org');
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('rota@example.org');
    const second = cookiesOf(response);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await session(second.accessToken)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('answers two refreshes with the same token at the same moment (two tabs) with the same successor, signing nobody out', async () => {
    await createUser(t.app.db, { email: 'tabs@example.org', password });
    const shared = await signedIn('tabs@example.org');
    const [first, second] = await Promise.all([refresh(shared.refreshToken), refresh(shared.refreshToken)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [a, b] = [cookiesOf(first), cookiesOf(second)];
    expect(a.refreshToken).toBe(b.refreshToken);
    // One successor in the same family, not a second sign-in.
    const user = await t.app.db.query.users.findFirst({ where: eq(users.email, 'tabs@example.org') });
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    for (const cookies of [a, b]) expect((await session(cookies.accessToken)).statusCode).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token comes back after the grace period', async () => {
    await createUser(t.app.db, { email: 'thief@example.org', password });
    const stolen = await signedIn('thief@example.org');
    const owner = cookiesOf(await refresh(stolen.refreshToken));
    clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const reuse = await refresh(stolen.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(sessionExpiredMessage);
    // The owner's newer tokens died with the family, access token included.
    expect((await refresh(owner.refreshToken)).statusCode).toBe(401);
    expect((await session(owner.accessToken)).statusCode).toBe(401);
  });

  it('answers 401 to a missing, unknown or expired refresh token, and clears the cookies', async () => {
    const missing = await refresh(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.cookies.map((cookie) => [cookie.name, cookie.value])).toEqual(
      expect.arrayContaining([
        ['refreshToken', ''],
        ['accessToken', ''],
      ]),
    );
    expect((await refresh('made-up-token')).statusCode).toBe(401);

    await createUser(t.app.db, { email: 'old@example.org', password });
    const cookies = await signedIn('old@example.org');
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'old@example.org'));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await refresh(cookies.refreshToken)).statusCode).toBe(401);
    expect((await session(cookies.accessToken)).statusCode).toBe(401);
  });

  it('logs out: the session ends at once, and refresh fails afterwards', async () => {
    await createUser(t.app.db, { email: 'leaver@example.org', password });
    const cookies = await signedIn('leaver@example.org');
    const response = await logOut(cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: sessionMessages.loggedOut });
    expect(cookiesOf(response)).toEqual({ accessToken: '', refreshToken: '' });
    expect((await session(cookies.accessToken)).statusCode).toBe(401);
    expect((await refresh(cookies.refreshToken)).statusCode).toBe(401);
  });

  it('logs out with only an expired access token, ending that session', async () => {
    const user = await createUser(t.app.db, { email: 'late@example.org', password });
    const cookies = await signedIn('late@example.org');
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const expired = await signAccessToken(
      t.config.jwtSecret,
      'user',
      { sub: user.id, email: user.email, role: 'user', sid: row!.id },
      new Date(Date.now() - 60 * 60_000),
    );
    expect((await session(expired)).statusCode).toBe(401);
    expect((await logOut({ accessToken: expired })).statusCode).toBe(200);
    expect((await refresh(cookies.refreshToken)).statusCode).toBe(401);
    // And with no cookie at all it still answers 200: there is nothing to end.
    expect((await logOut({})).statusCode).toBe(200);
  });

  it("ends a blocked user's live session at the next request", async () => {
    const user = await createUser(t.app.db, { email: 'soon-blocked@example.org', password });
    const cookies = await signedIn('soon-blocked@example.org');
    await t.app.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    expect((await session(cookies.accessToken)).statusCode).toBe(401);
    expect((await refresh(cookies.refreshToken)).statusCode).toBe(401);
  });

  it('refuses forged and foreign access tokens', async () => {
    const user = await createUser(t.app.db, { email: 'forged@example.org', password });
    const cookies = await signedIn('forged@example.org');
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const claims = { sub: user.id, email: user.email, role: 'user' as const, sid: row!.id };
    expect(
      (await session(await signAccessToken('another-secret-that-is-32-characters!', 'user', claims)))
        .statusCode,
    ).toBe(401);
    expect((await session(await signAccessToken(t.config.adminJwtSecret, 'admin', claims))).statusCode).toBe(
      401,
    );
    expect((await session(`${cookies.accessToken}x`)).statusCode).toBe(401);
    const unauthorised = await session(undefined);
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.json().message).toBe('You need to sign in.');
  });
});

describe('GET /api/config', () => {
  it('gives null for the Google client id when it is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleClientId: null });
  });

  it('gives the configured client id', async () => {
    const other = await buildTestApp({ env: { GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com' } });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
        googleClientId: 'client-123.apps.googleusercontent.com',
      });
    } finally {
      await other.close();
    }
  });
});
