import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, resetTokenIn, type RecordingMailer } from '../../../test/mail';
import { cookieHeader, cookiesOf } from '../../../test/sessions';
import { waitFor } from '../../../test/sockets';
import { sendMailJob } from '../mail/service';
import { authMessages } from './messages';
import { passwordResetRequestJob } from './password-reset';

let t: TestApp;
let mailer: RecordingMailer;
const password = 'secret-pass-1';
const newPassword = 'brand-new-pass-2';

beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ mailer, env: { PUBLIC_URL: 'https://skillroute.example' } });
});
afterAll(() => t.close());

const forgot = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
const logIn = (email: string, pass: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: pass } });

async function resetTokenFor(email: string): Promise<string> {
  const mark = mailer.sent.length;
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await mailer.waitFor(email, /Reset/, mark);
  expect(mail.text).toContain('https://skillroute.example/reset-password?token=');
  return resetTokenIn(mail.text);
}

/**
 * Resolves once the worker has looked `email` up and no mail is left in the queue: a mail the lookup queued
 * (in the lookup's own transaction) would have been delivered to the recording mailer by then.
 */
async function lookupRunAndMailSent(email: string): Promise<void> {
  await waitFor(
    async () => {
      const { rows } = await t.app.pool.query<{ looked: boolean; queued: number }>(
        `SELECT bool_or(name = $1 AND data->>'email' = $2 AND state = 'completed') AS looked,
                count(*) FILTER (WHERE name = $3 AND state IN ('created', 'retry', 'active'))::int AS queued
           FROM pgboss.job`,
        [passwordResetRequestJob.name, email, sendMailJob.name],
      );
      return rows[0]?.looked === true && rows[0].queued === 0 ? true : undefined;
    },
    `the reset lookup for ${email} to run and the mail queue to drain`,
    10_000,
  );
}

describe('forgot password', () => {
  it('answers every e-mail alike, and mails a link only to an account', async () => {
    await createUser(t.app.db, { email: 'ada@example.org', password });
    const known = await forgot('ada@example.org');
    const unknown = await forgot('nobody@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: authMessages.resetLinkSent });
    await mailer.waitFor('ada@example.org', /Reset/);
    await lookupRunAndMailSent('nobody@example.org');
    expect(mailer.sent.filter((mail) => mail.to === 'nobody@example.org')).toEqual([]);
  });

  it('does the same work for a known and an unknown e-mail (a queued lookup each), so its timing tells nothing', async () => {
    await createUser(t.app.db, { email: 'carol@example.org', password });
    for (const email of ['carol@example.org', 'stranger@example.org'])
      expect((await forgot(email)).statusCode).toBe(200);
    const queued = await t.app.pool.query<{ email: string }>(
      `SELECT data->>'email' AS email FROM pgboss.job WHERE name = $1 ORDER BY created_on`,
      [passwordResetRequestJob.name],
    );
    expect(queued.rows.map((row) => row.email)).toEqual(
      expect.arrayContaining(['carol@example.org', 'stranger@example.org']),
    );
    // The worker, not the request, decides: only the account gets its link.
    await mailer.waitFor('carol@example.org', /Reset/);
  });

  it('allows 5 requests an hour per e-mail, then 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await forgot('limited@example.org')).statusCode).toBe(200);
    const limited = await forgot('LIMITED@example.org');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  it('refuses a missing or malformed e-mail with 400', async () => {
    expect((await forgot(undefined)).json().errors).toEqual([
      { message: 'E-mail is required', field: 'email' },
    ]);
    expect((await forgot('not-an-email')).statusCode).toBe(400);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, and the link works once', async () => {
    await createUser(t.app.db, { email: 'bob@example.org', password });
    const laptop = cookiesOf(await logIn('bob@example.org', password));
    const phone = cookiesOf(await logIn('bob@example.org', password));
    const token = await resetTokenFor('bob@example.org');

    const response = await reset({ token, password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.passwordChanged });

    for (const cookies of [laptop, phone]) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/session',
            headers: { cookie: cookieHeader(cookies) },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/refreshToken',
            headers: { cookie: cookieHeader(cookies) },
          })
        ).statusCode,
      ).toBe(401);
    }
    expect((await logIn('bob@example.org', password)).statusCode).toBe(401);
    expect((await logIn('bob@example.org', newPassword)).statusCode).toBe(200);

    const again = await reset({ token, password: 'third-pass-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ message: authMessages.resetUsed, field: 'token' }]);
  });

  it('retires older links once the password changed', async () => {
    await createUser(t.app.db, { email: 'cleo@example.org', password });
    const older = await resetTokenFor('cleo@example.org');
    const newer = await resetTokenFor('cleo@example.org');
    expect((await reset({ token: newer, password: newPassword })).statusCode).toBe(200);
    expect((await reset({ token: older, password: 'third-pass-3' })).json().errors[0].message).toBe(
      authMessages.resetUsed,
    );
  });

  it('refuses an expired link and an unknown one, changing nothing', async () => {
    const user = await createUser(t.app.db, { email: 'dora@example.org', password });
    const token = await resetTokenFor('dora@example.org');
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await reset({ token, password: newPassword });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual([{ message: authMessages.resetExpired, field: 'token' }]);
    expect((await reset({ token: 'made-up', password: newPassword })).json().errors).toEqual([
      { message: authMessages.resetInvalid, field: 'token' },
    ]);
    expect((await logIn('dora@example.org', password)).statusCode).toBe(200);
  });

  it('applies the password rules and refuses bad bodies with 400', async () => {
    const user = await createUser(t.app.db, { email: 'eve@example.org', password });
    const token = await resetTokenFor('eve@example.org');
    const weak = await reset({ token, password: 'lettersonly' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ message: 'Password must contain a digit', field: 'password' }]);
    expect((await reset({ password: newPassword })).json().errors).toEqual([
      { message: 'The reset link is not valid', field: 'token' },
    ]);
    expect((await reset({ token: 'x'.repeat(201), password: newPassword })).statusCode).toBe(400);
    expect((await reset({ token: 5, password: 5 })).statusCode).toBe(400);
    // The link survived the refusals.
    expect((await reset({ token, password: newPassword })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('verifies an account that never entered its code: the link proved the address', async () => {
    await createUser(t.app.db, { email: 'fred@example.org', password, verified: false });
    const token = await resetTokenFor('fred@example.org');
    expect((await reset({ token, password: newPassword })).statusCode).toBe(200);
    expect((await logIn('fred@example.org', newPassword)).statusCode).toBe(200);
  });
});
