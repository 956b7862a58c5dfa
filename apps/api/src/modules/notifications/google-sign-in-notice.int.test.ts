import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../adapters/google/fake-google';
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

async function googleSignIn(email: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/google-login',
    headers,
    payload: { credential: await google.idToken({ subject: `sub-${email}`, claims: { email } }) },
  });
  expect(response.statusCode).toBe(200);
  return cookieHeader({ accessToken: cookiesOf(response).accessToken });
}

async function notificationsOf(cookie: string, email: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/notifications/${email}`,
    headers: { cookie },
  });
  return (response.json() as { notifications: Array<{ type: string; message: string; link: string | null }> })
    .notifications;
}

it('a Google sign-in while signed in elsewhere brings "New sign-in to your account"; the first one does not', async () => {
  const email = 'lovelace@example.org';
  const first = await googleSignIn(email);
  expect((await notificationsOf(first, email)).filter((item) => item.type === 'security')).toEqual([]);
  await googleSignIn(email);
  expect((await notificationsOf(first, email)).filter((item) => item.type === 'security')).toEqual([
    {
      type: 'security',
      message: 'New sign-in to your account',
      link: '/profile/general',
      id: expect.any(String),
      read: false,
      createdAt: expect.any(String),
    },
  ]);
});

it('a sign-in after logging out everywhere brings no security notification', async () => {
  const email = 'hopper@example.org';
  const first = await googleSignIn(email);
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: first } });
  const second = await googleSignIn(email);
  expect((await notificationsOf(second, email)).filter((item) => item.type === 'security')).toEqual([]);
});

it('welcomes an account Google verified, once', async () => {
  const email = 'turing@example.org';
  const first = await googleSignIn(email);
  const welcomes = async () =>
    (await notificationsOf(first, email)).filter((item) => item.type === 'welcome');
  expect(await welcomes()).toEqual([expect.objectContaining({ type: 'welcome', link: '/' })]);
  await googleSignIn(email);
  expect(await welcomes()).toHaveLength(1);
});

it('welcomes a Google sign-up that names no language in the language its browser asks for', async () => {
  const email = 'ramanujan@example.org';
  const cookie = await googleSignIn(email, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
  expect((await notificationsOf(cookie, email)).filter((item) => item.type === 'welcome')).toEqual([
    expect.objectContaining({ message: 'Skillroute में आपका स्वागत है! सीखना शुरू करने के लिए कोई रोडमैप चुनें।' }),
  ]);
});
