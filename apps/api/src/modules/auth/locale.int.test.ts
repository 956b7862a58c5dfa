import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import { startFakeGoogle, type FakeGoogle } from '../../adapters/google/fake-google';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { cookieHeader, cookiesOf } from '../../../test/sessions';
import { users } from '../../db/schema';
import { multipart, signedInUser } from '../users/test-support';

/**
 * A person's language (issue 31): chosen on the profile, or sent by the browser they sign up or sign in from once
 * they chose it there (their latest choice wins); an account made from a page read in Hindi is made in Hindi;
 * otherwise null (English).
 */

let t: TestApp;
let mailer: RecordingMailer;
let google: FakeGoogle;
const password = 'secret-pass-1';

beforeAll(async () => {
  mailer = createRecordingMailer();
  google = await startFakeGoogle();
  t = await buildTestApp({
    mailer,
    env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, RATE_LIMIT_MAX: '1000000' },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload });

/** The signed-in person of a sign-in's answer, with the Cookie header their browser now sends. */
function signedIn(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(200);
  return { id: (response.json().user as { id: string }).id, cookie: cookieHeader(cookiesOf(response)) };
}

const storedLocale = async (id: string) =>
  (await t.app.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

async function readOwn(person: { id: string; cookie: string }) {
  const read = await t.app.inject({
    method: 'GET',
    url: `/api/user/${person.id}`,
    headers: { cookie: person.cookie },
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json().user as { locale?: string | null };
}

async function updateForm(person: { id: string; cookie: string }, fields: Record<string, string>) {
  const { payload, headers } = await multipart({ userId: person.id, ...fields });
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/update',
    payload,
    headers: { ...headers, cookie: person.cookie },
  });
}

describe('choosing a language on the profile', () => {
  it('is absent until chosen, then stored and read back (multipart as the browser sends it, or JSON)', async () => {
    const person = await signedInUser(t, { name: 'Meera', email: 'meera@example.org' });
    expect(await readOwn(person)).not.toHaveProperty('locale');
    expect(await storedLocale(person.id)).toBeNull();

    const chosen = await updateForm(person, { locale: 'hi' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ message: profileMessages.updated, user: { locale: 'hi' } });
    expect(await storedLocale(person.id)).toBe('hi');
    expect((await readOwn(person)).locale).toBe('hi');

    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: { cookie: person.cookie },
      payload: { userId: person.id, locale: 'en' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.locale).toBe('en');
    expect((await readOwn(person)).locale).toBe('en');
  });

  it('refuses a language it does not speak with 400 in the envelope, and changes nothing', async () => {
    const person = await signedInUser(t, { name: 'Farid', email: 'farid@example.org' });
    expect((await updateForm(person, { locale: 'hi' })).statusCode).toBe(200);
    for (const locale of ['fr', 'HI', '']) {
      const refused = await updateForm(person, { locale });
      expect(refused.statusCode, locale).toBe(400);
      expect(refused.json(), locale).toEqual({
        message: errorMessages.badRequest,
        errors: [{ message: 'Choose English or Hindi', field: 'locale' }],
      });
    }
    expect(await storedLocale(person.id)).toBe('hi');
  });

  it('is one change, like the others', async () => {
    const person = await signedInUser(t, { name: 'Omar', email: 'omar@example.org' });
    const refused = await updateForm(person, { locale: 'hi', name: 'Omer' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(profileMessages.oneChangeAtATime);
    expect(await storedLocale(person.id)).toBeNull();
  });

  it('is stored for its own account only', async () => {
    const person = await signedInUser(t, { name: 'Lata', email: 'lata@example.org' });
    const other = await createUser(t.app.db, { email: 'other-lata@example.org', name: 'Other' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: { cookie: person.cookie },
      payload: { userId: other.id, locale: 'hi' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await storedLocale(other.id)).toBeNull();
  });
});

describe('a language sent with sign-in', () => {
  it('becomes the account’s at login, and a login without one keeps it', async () => {
    const email = 'login-locale@example.org';
    const user = await createUser(t.app.db, { email, password, name: 'Asha' });

    const plain = await post('/login', { email, password });
    expect(plain.json().user).not.toHaveProperty('locale');
    expect(await storedLocale(user.id)).toBeNull();

    const hindi = await post('/login', { email, password, locale: 'hi' });
    expect(hindi.json().user.locale).toBe('hi');
    expect(await storedLocale(user.id)).toBe('hi');
    expect((await readOwn(signedIn(hindi))).locale).toBe('hi');

    const without = await post('/login', { email, password, timezone: 'Europe/Berlin' });
    expect(without.json().user).toMatchObject({ locale: 'hi', timezone: 'Europe/Berlin' });
    expect(await storedLocale(user.id)).toBe('hi');

    // The latest explicit choice wins, whether made in a browser or on the profile.
    const english = await post('/login', { email, password, locale: 'en' });
    expect(english.json().user.locale).toBe('en');
    const person = signedIn(english);
    expect((await updateForm(person, { locale: 'hi' })).statusCode).toBe(200);
    expect((await post('/login', { email, password })).json().user.locale).toBe('hi');
  });

  it('refuses a language it does not speak at login with 400, signing nobody in and storing nothing', async () => {
    const email = 'login-french@example.org';
    const user = await createUser(t.app.db, { email, password, name: 'Rene' });
    const refused = await post('/login', { email, password, locale: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: errorMessages.badRequest,
      errors: [{ message: 'Choose English or Hindi', field: 'locale' }],
    });
    expect(cookiesOf(refused)).toEqual({});
    expect(await storedLocale(user.id)).toBeNull();
  });

  it('is kept from sign-up, and from the code step', async () => {
    const email = 'signup-locale@example.org';
    const created = await post('/', { name: 'Kavya', email, password, locale: 'hi' });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.locale).toBe('hi');

    const code = codeIn((await mailer.waitFor(email, /code|कोड/)).text);
    const verified = await post('/verify-otp', { email, otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.locale).toBe('hi');

    const other = 'signup-later@example.org';
    expect((await post('/', { name: 'Dev', email: other, password })).statusCode).toBe(201);
    const otherCode = codeIn((await mailer.waitFor(other, /code/)).text);
    const chosenAtTheCode = await post('/verify-otp', { email: other, otp: otherCode, locale: 'hi' });
    expect(chosenAtTheCode.json().user.locale).toBe('hi');
    expect((await readOwn(signedIn(chosenAtTheCode))).locale).toBe('hi');
  });

  it('becomes the account’s after a Google sign-in, new account or not', async () => {
    const idToken = () =>
      google.idToken({ subject: 'locale-sub', claims: { email: 'goog-locale@example.org' } });
    const first = await post('/google-login', { credential: await idToken(), locale: 'hi' });
    expect(first.json().user.locale).toBe('hi');
    const person = signedIn(first);
    expect(await storedLocale(person.id)).toBe('hi');
    const again = await post('/google-login', { credential: await idToken() });
    expect(again.json().user.locale).toBe('hi');
    const english = await post('/google-login', { credential: await idToken(), locale: 'en' });
    expect(english.json().user.locale).toBe('en');
    expect(await storedLocale(person.id)).toBe('en');
  });

  it('is the sign-up page’s own language when none was chosen there: Hindi kept, English left unrecorded', async () => {
    const inHindi = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload, headers: { cookie: 'locale=hi' } });
    const email = 'signup-page-hindi@example.org';
    expect((await inHindi('/', { name: 'Meera', email, password })).statusCode).toBe(201);
    expect((await t.app.db.select().from(users).where(eq(users.email, email)))[0]?.locale).toBe('hi');

    const english = 'signup-page-english@example.org';
    expect((await post('/', { name: 'Ravi', email: english, password })).statusCode).toBe(201);
    expect((await t.app.db.select().from(users).where(eq(users.email, english)))[0]?.locale).toBeNull();

    // Google's first sign-in makes the account from a page read in Hindi (the browser's language): Hindi.
    const credential = await google.idToken({
      subject: 'page-hindi-sub',
      claims: { email: 'goog-page-hindi@example.org' },
    });
    const byGoogle = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { credential },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(byGoogle.json().user.locale).toBe('hi');
  });
});
