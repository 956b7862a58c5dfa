import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, plainTextOf, resetTokenIn, waitUntil } from '../../../test/mail';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';

const password = 'secret-pass-1';
let t: TestApp | undefined;
let smtp: SmtpCapture | undefined;

afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

function mailTo(capture: SmtpCapture, to: string, subject: RegExp, after = 0): Promise<string> {
  return waitUntil(
    () =>
      capture.mails
        .slice(after)
        .findLast(
          (mail) => mail.to.includes(to) && subject.test(/^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? ''),
        )?.raw,
    15_000,
    `a mail to ${to} matching ${subject}`,
  );
}

describe('mail through a real SMTP server', () => {
  it('carries the sign-up code and the reset link, read from the raw messages', async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Skillroute <hello@skillroute.test>',
        PUBLIC_URL: 'http://localhost:4000',
      },
    });

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { name: 'Ada', email: 'ada@example.org', password },
    });
    expect(signUp.statusCode).toBe(201);
    const codeMail = await mailTo(smtp, 'ada@example.org', /code/);
    expect(codeMail).toMatch(/^From: Skillroute <hello@skillroute\.test>$/m);
    expect(codeMail).toMatch(/content-type: text\/html/i);
    const code = codeIn(plainTextOf(codeMail));
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: 'ada@example.org', otp: code },
    });
    expect(verified.statusCode).toBe(200);

    const before = smtp.mails.length;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'ada@example.org' },
        })
      ).statusCode,
    ).toBe(200);
    const resetMail = plainTextOf(await mailTo(smtp, 'ada@example.org', /Reset/, before));
    expect(resetMail).toContain('http://localhost:4000/reset-password?token=');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetTokenIn(resetMail), password: 'brand-new-pass-2' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ada@example.org', password: 'brand-new-pass-2' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers at once while the server refuses, and delivers the mail when it accepts again', async () => {
    smtp = await startSmtpCapture({ refuseFirst: 2 });
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { name: 'Bob', email: 'bob@example.org', password },
    });
    expect(signUp.statusCode).toBe(201);
    // The answer did not wait for the mail: nothing has been delivered yet (the server still refuses).
    expect(smtp.mails.filter((mail) => mail.to.includes('bob@example.org'))).toEqual([]);

    const mail = await mailTo(smtp, 'bob@example.org', /code/);
    expect(smtp.refused).toBe(2);
    expect(t.logs.some((line) => line.msg === 'a job failed; it will be retried')).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-otp',
          payload: { email: 'bob@example.org', otp: codeIn(plainTextOf(mail)) },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the dev outbox (no SMTP_URL)', () => {
  it('logs the text of the mail and keeps it as an .eml file under DATA_DIR/mail', async () => {
    t = await buildTestApp();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { name: 'Cleo', email: 'cleo@example.org', password },
    });
    const logged = await waitUntil(
      () => t?.logs.find((line) => line.to === 'cleo@example.org' && typeof line.text === 'string'),
      10_000,
      'the outbox log line',
    );
    const code = codeIn(logged.text as string);
    const outbox = path.join(t.config.dataDir, 'mail');
    const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(codeIn(plainTextOf(readFileSync(path.join(outbox, files[0] ?? ''), 'utf8')))).toBe(code);
  });

  it('still logs the code when the outbox folder cannot be written, so the new account can be verified', async () => {
    t = await buildTestApp();
    // Root writes through permission bits, so the outbox folder is made unwritable by being a file.
    writeFileSync(path.join(t.config.dataDir, 'mail'), 'not a folder');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/',
      payload: { name: 'Dora', email: 'dora@example.org', password },
    });
    expect(signUp.statusCode).toBe(201);
    const logged = await waitUntil(
      () => t?.logs.find((line) => line.to === 'dora@example.org' && typeof line.text === 'string'),
      10_000,
      'the outbox log line',
    );
    expect(logged.msg).toBe(
      'mail printed here only: the dev outbox folder cannot be written (SMTP_URL is not set)',
    );
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: 'dora@example.org', otp: codeIn(logged.text as string) },
    });
    expect(verified.statusCode).toBe(200);
  });
});
