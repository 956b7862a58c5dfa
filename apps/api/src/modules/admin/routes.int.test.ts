import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { movableClock } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { sessions, users } from '../../db/schema';
import { signAccessToken } from '../../lib/tokens';
import {
  openSession,
  REFRESH_REUSE_GRACE_MS,
  sessionMessages as adminMessages,
} from '../../sessions/service';
import { createOrUpdateAdmin } from './service';

let testApp: TestApp;
const clock = movableClock();
let adminId: string;
const credentials = { email: 'root@skillroute.dev', password: 'correct-horse-42' };

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  ({
    admin: { id: adminId },
  } = await createOrUpdateAdmin(testApp.app.db, { ...credentials, name: 'Root' }));
});
afterAll(() => testApp.close());

type Jar = Record<string, string>;
const cookieHeader = (jar: Jar) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

async function logIn(body: unknown = credentials, remoteAddress = '127.0.0.1') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: body as object,
    remoteAddress,
  });
}

let signIns = 0;
/** Each from its own address, so the sign-in limit (per e-mail and IP) never decides a test about something else. */
async function signedInJar(): Promise<Jar> {
  signIns += 1;
  const response = await logIn(credentials, `10.0.0.${signIns}`);
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

const me = (jar: Jar) =>
  testApp.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: cookieHeader(jar) } });
const refresh = (jar: Jar) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/refreshToken',
    headers: { cookie: cookieHeader(jar) },
  });

describe('POST /api/admin/login', () => {
  it('signs in with admin cookies only: httpOnly, SameSite=Lax, the refresh one scoped to /api/admin', async () => {
    const response = await logIn({ email: ' ROOT@skillroute.dev ', password: credentials.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: { id: adminId, name: 'Root', email: credentials.email } });
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(Object.keys(cookies).sort()).toEqual(['adminAccessToken', 'adminRefreshToken']);
    expect(cookies.adminAccessToken).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies.adminRefreshToken).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Lax' });
    expect(response.body).not.toContain('passwordHash');
  });

  it('answers a wrong password and an unknown e-mail alike with 401 and sets no cookie', async () => {
    for (const body of [
      { ...credentials, password: 'wrong-password-1' },
      { email: 'nobody@skillroute.dev', password: credentials.password },
    ]) {
      const response = await logIn(body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: adminMessages.wrongCredentials,
        errors: [{ message: adminMessages.wrongCredentials }],
      });
      expect(response.cookies).toEqual([]);
    }
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const noPassword = await logIn({ email: credentials.email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toContainEqual(expect.objectContaining({ field: 'password' }));
    const badEmail = await logIn({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toContainEqual({
      message: 'Please enter a valid e-mail address',
      field: 'email',
    });
    expect((await logIn({ email: 42, password: ['x'] })).statusCode).toBe(400);
  });

  it('allows 10 attempts per 15 minutes per e-mail and IP, then 429 with Retry-After', async () => {
    const body = { email: 'guess@skillroute.dev', password: 'not-it-0' };
    for (let attempt = 1; attempt <= 10; attempt += 1)
      expect((await logIn(body)).statusCode, `attempt ${attempt}`).toBe(401);
    const limited = await logIn(body);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ message: errorMessages.tooManyRequests });
    // Another e-mail from the same address still has its own budget.
    expect((await logIn()).statusCode).toBe(200);
  });
});

describe('GET /api/admin/me', () => {
  it('answers the signed-in admin', async () => {
    const response = await me(await signedInJar());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: { id: adminId, name: 'Root', email: credentials.email } });
  });

  it('refuses no cookie, a forged one, and every form of a user session with 401', async () => {
    const [user] = await testApp.app.db
      .insert(users)
      .values({ name: 'Ada', email: 'ada@example.org', verifiedAt: new Date() })
      .returning();
    if (user === undefined) throw new Error('no user');
    const userTokens = await openSession(
      testApp.app.db,
      testApp.config.jwtSecret,
      { sub: user.id, email: user.email, role: 'user' },
      { userAgent: 'vitest', ip: '127.0.0.1' },
      new Date(),
    );
    const jars: Jar[] = [
      {},
      { adminAccessToken: 'forged.token.value' },
      { accessToken: userTokens.accessToken },
      // A user token under the admin cookie's name: wrong secret and wrong audience.
      { adminAccessToken: userTokens.accessToken },
    ];
    for (const jar of jars) {
      const response = await me(jar);
      expect(response.statusCode, JSON.stringify(Object.keys(jar))).toBe(401);
      expect(response.json()).toMatchObject({ message: errorMessages.unauthorized });
    }
    // Nor does a user refresh token rotate an admin session.
    expect((await refresh({ adminRefreshToken: userTokens.refreshToken })).statusCode).toBe(401);
  });

  it('never lets admin cookies act as a user', async () => {
    const jar = await signedInJar();
    const asUser = await testApp.app.inject({
      method: 'GET',
      url: `/api/user/${adminId}`,
      headers: { cookie: cookieHeader(jar) },
    });
    expect(asUser.statusCode).toBe(401);
    const renamed = await testApp.app.inject({
      method: 'GET',
      url: `/api/user/${adminId}`,
      headers: { cookie: `accessToken=${jar.adminAccessToken}` },
    });
    expect(renamed.statusCode).toBe(401);
  });
});

describe('POST /api/admin/refreshToken', () => {
  it('rotates both cookies; the new access token works', async () => {
    const jar = await signedInJar();
    const response = await refresh(jar);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: { id: adminId, name: 'Root', email: credentials.email } });
    const rotated: Jar = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(rotated.adminRefreshToken).toBeDefined();
    expect(rotated.adminRefreshToken).not.toBe(jar.adminRefreshToken);
    expect(rotated.adminAccessToken).not.toBe(jar.adminAccessToken);
    expect((await me(rotated)).statusCode).toBe(200);
  });

  it('gives the same successor to a refresh repeated within the grace period (two tabs)', async () => {
    const jar = await signedInJar();
    const [first, second] = await Promise.all([refresh(jar), refresh(jar)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const refreshTokenOf = (response: typeof first) =>
      response.cookies.find((cookie) => cookie.name === 'adminRefreshToken')?.value;
    expect(refreshTokenOf(first)).toBe(refreshTokenOf(second));
  });

  it('revokes the whole family when a replaced refresh token comes back after the grace period', async () => {
    const jar = await signedInJar();
    const first = await refresh(jar);
    const rotated: Jar = Object.fromEntries(first.cookies.map((cookie) => [cookie.name, cookie.value]));
    clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const reused = await refresh(jar);
    expect(reused.statusCode).toBe(401);
    // The thief's copy and the rightful newer pair are both dead now.
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown refresh token and clears the cookies', async () => {
    const jars: Jar[] = [{}, { adminRefreshToken: 'made-up' }];
    for (const jar of jars) {
      const response = await refresh(jar);
      expect(response.statusCode).toBe(401);
      expect(response.cookies.map((cookie) => [cookie.name, cookie.value])).toEqual(
        expect.arrayContaining([
          ['adminAccessToken', ''],
          ['adminRefreshToken', ''],
        ]),
      );
    }
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session: cookies cleared, access and refresh tokens dead', async () => {
    const jar = await signedInJar();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: adminMessages.loggedOut });
    expect(
      response.cookies
        .filter((cookie) => cookie.value === '')
        .map((cookie) => cookie.name)
        .sort(),
    ).toEqual(['adminAccessToken', 'adminRefreshToken']);
    expect((await me(jar)).statusCode).toBe(401);
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('ends the session with only the access cookie too, and answers 200 without any cookie', async () => {
    const jar = await signedInJar();
    const accessOnly = { adminAccessToken: jar.adminAccessToken ?? '' };
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/admin/logout',
          headers: { cookie: cookieHeader(accessOnly) },
        })
      ).statusCode,
    ).toBe(200);
    expect((await me(jar)).statusCode).toBe(401);
    expect((await refresh(jar)).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(200);
  });

  it('ends the session with only an expired access cookie, as a user logout does', async () => {
    const now = new Date();
    const opened = await openSession(
      testApp.app.db,
      testApp.config.adminJwtSecret,
      { sub: adminId, email: credentials.email, role: 'admin' },
      { userAgent: 'vitest', ip: '127.0.0.1' },
      now,
    );
    const [row] = await testApp.app.db.select().from(sessions).where(eq(sessions.id, opened.sessionId));
    const expired = await signAccessToken(
      testApp.config.adminJwtSecret,
      'admin',
      { sub: adminId, email: credentials.email, role: 'admin', sid: opened.sessionId },
      new Date(now.getTime() - 60 * 60_000),
    );
    expect((await me({ adminAccessToken: expired })).statusCode).toBe(401);
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/admin/logout',
          headers: { cookie: cookieHeader({ adminAccessToken: expired }) },
        })
      ).statusCode,
    ).toBe(200);
    const [after] = await testApp.app.db.select().from(sessions).where(eq(sessions.familyId, row!.familyId));
    expect(after?.revokedAt).not.toBeNull();
    expect((await refresh({ adminRefreshToken: opened.refreshToken })).statusCode).toBe(401);
  });
});
