import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, users } from '../../db/schema';
import { codeMessages } from '../../lib/codes';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { cookieHeader, cookiesOf } from '../../../test/sessions';
import { authMessages } from './messages';

let t: TestApp;
let mailer: RecordingMailer;

beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ mailer });
});
afterAll(() => t.close());

const password = 'secret-pass-1';
const signUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/', payload: body });
const verify = (email: string, otp: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
const resend = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/resent-otp', payload: { email } });

async function codeFor(email: string): Promise<string> {
  return codeIn((await mailer.waitFor(email, /code/)).text);
}

/** Moves the newest code of an account back in time, as if it had been mailed `ms` ago. */
async function ageCodes(email: string, ms: number) {
  const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
  const codes = await t.app.db.select().from(emailCodes).where(eq(emailCodes.userId, user!.id));
  for (const code of codes) {
    await t.app.db
      .update(emailCodes)
      .set({
        createdAt: new Date(code.createdAt.getTime() - ms),
        expiresAt: new Date(code.expiresAt.getTime() - ms),
      })
      .where(eq(emailCodes.id, code.id));
  }
}

describe('sign-up and the mailed code', () => {
  it('creates an unverified account, mails a code, and signs in once the code is entered', async () => {
    const response = await signUp({ name: 'Ada', email: 'Ada@Example.org', password });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: authMessages.codeSent('ada@example.org'),
      email: 'ada@example.org',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'ada@example.org'));
    expect(row?.verifiedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const code = await codeFor('ada@example.org');
    const verified = await verify('ada@example.org', code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      user: {
        id: row!.id,
        name: 'Ada',
        email: 'ada@example.org',
        role: 'user',
        avatar: null,
        timezone: 'Asia/Kolkata',
      },
    });
    const cookies = cookiesOf(verified);
    expect(cookies.accessToken).toBeTruthy();
    expect(cookies.refreshToken).toBeTruthy();
    const accessCookie = verified.cookies.find((cookie) => cookie.name === 'accessToken');
    expect(accessCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(verified.cookies.find((cookie) => cookie.name === 'refreshToken')).toMatchObject({
      httpOnly: true,
      path: '/api/auth',
    });

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieHeader(cookies) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('ada@example.org');

    // The code works once.
    expect((await verify('ada@example.org', code)).json().errors[0]).toEqual({
      message: authMessages.alreadyVerified,
      field: 'otp',
    });
  });

  it('refuses a verified e-mail with 409, whatever its case', async () => {
    const response = await signUp({ name: 'Other', email: 'ADA@example.org', password });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ message: authMessages.emailTaken, field: 'email' }]);
  });

  it('updates an unverified account on a second sign-up and keeps the code it already mailed within the minute', async () => {
    await signUp({ name: 'Bob', email: 'bob@example.org', password });
    const first = await codeFor('bob@example.org');
    const again = await signUp({ name: 'Robert', email: 'bob@example.org', password: 'other-pass-2' });
    expect(again.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'bob@example.org'));
    expect(row?.name).toBe('Robert');
    const verified = await verify('bob@example.org', first);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.name).toBe('Robert');
  });

  it('answers every bad field with the rule that failed, and stores nothing', async () => {
    const missing = await signUp({});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['email', 'name', 'password']);

    const wrong = await signUp({ name: 'Al', email: 'not-an-email', password: 'short' });
    expect(wrong.statusCode).toBe(400);
    const messages = wrong.json().errors.map((error: { message: string }) => error.message);
    expect(messages).toContain('Name must be at least 3 characters long');
    expect(messages).toContain('Please enter a valid e-mail address');
    expect(messages).toContain('Password must be at least 8 characters');

    const tooLong = await signUp({
      name: 'Abcdefghijk',
      email: `${'a'.repeat(250)}@x.org`,
      password: `${'a1'.repeat(65)}`,
    });
    expect(tooLong.json().errors.map((error: { message: string }) => error.message)).toEqual(
      expect.arrayContaining([
        'Name should be under 10 characters',
        'E-mail must not exceed 254 characters',
        'Password must not exceed 128 characters',
      ]),
    );
    const wrongTypes = await signUp({ name: 42, email: ['a@b.org'], password: true });
    expect(wrongTypes.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);

    const count = await t.app.db.$count(users);
    expect(count).toBe(2);
  });
});

describe('code checks', () => {
  it('says a wrong code is wrong, on the otp field, and burns the code on the fifth wrong try', async () => {
    await signUp({ name: 'Cleo', email: 'cleo@example.org', password });
    const code = await codeFor('cleo@example.org');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await verify('cleo@example.org', wrongCode);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ message: codeMessages.wrong, field: 'otp' }]);
    }
    expect((await verify('cleo@example.org', wrongCode)).json().errors[0].message).toBe(codeMessages.burnt);
    // Burnt: even the right code is refused now, and the message says to ask for a new one.
    const right = await verify('cleo@example.org', code);
    expect(right.statusCode).toBe(400);
    expect(right.json().errors[0].message).toBe(codeMessages.burnt);

    await ageCodes('cleo@example.org', 61_000);
    const mark = mailer.sent.length;
    expect((await resend('cleo@example.org')).statusCode).toBe(200);
    const newCode = codeIn((await mailer.waitFor('cleo@example.org', /code/, mark)).text);
    expect((await verify('cleo@example.org', newCode)).statusCode).toBe(200);
  });

  it('says an expired code has expired', async () => {
    await signUp({ name: 'Dora', email: 'dora@example.org', password });
    const code = await codeFor('dora@example.org');
    await ageCodes('dora@example.org', 10 * 60_000 + 1000);
    const response = await verify('dora@example.org', code);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ message: codeMessages.expired, field: 'otp' }]);
  });

  it('refuses malformed codes and unknown e-mails without revealing anything', async () => {
    expect((await verify('dora@example.org', '12345')).json().errors[0]).toEqual({
      message: 'Enter the 6-digit code from the e-mail',
      field: 'otp',
    });
    expect((await verify('dora@example.org', 123456)).statusCode).toBe(400);
    expect((await verify('dora@example.org', '12345a')).statusCode).toBe(400);
    const unknown = await verify('nobody@example.org', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ message: codeMessages.missing, field: 'otp' }]);
  });
});

describe('asking for a new code', () => {
  it('allows one a minute per e-mail, with Retry-After, and answers alike for unknown e-mails', async () => {
    await signUp({ name: 'Eve', email: 'eve@example.org', password });
    await codeFor('eve@example.org');
    // Sign-up just mailed a code: the minute has started.
    const tooSoon = await resend('eve@example.org');
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);

    const unknown = await resend('nobody-here@example.org');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: authMessages.codeResent });
    const unknownAgain = await resend('NOBODY-here@example.org');
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.headers['retry-after']).toBeDefined();
    expect(unknownAgain.json().message).toBe('Too many requests. Please try again later.');

    expect((await resend('not-an-email')).statusCode).toBe(400);
  });
});
