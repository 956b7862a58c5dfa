import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '@skillroute/shared/bookings';
import { createUser, signedInAs } from '../../../test/accounts';
import { mondayAhead } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { codeIn, htmlOf, plainTextOf, subjectOf, waitUntil } from '../../../test/mail';
import { createMentor } from '../../../test/mentors';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { within } from '../../context/service-context';
import { notifications, users } from '../../db/schema';
import { announceConfirmed } from '../bookings/announcements';
import { confirmBooking } from '../bookings/transitions';

/**
 * Mails in the reader's language (issue 31), through a real SMTP server: the sign-up code in the language of the
 * request that asked for it (the body's, else the `locale` cookie's), a booking's mails and notices each in its
 * reader's own (their account's), English for whoever never chose one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MONDAY = mondayAhead();
const clock = { now: () => new Date(MONDAY + 6 * HOUR_MS) };
const HOURS = [10, 11, 12, 13, 14, 15, 16];
const WEEK = { monday: HOURS, tuesday: HOURS, wednesday: HOURS, thursday: HOURS, friday: HOURS };

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({
    clock,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Skillroute <hello@skillroute.test>',
      PUBLIC_URL: 'https://skillroute.example',
      RATE_LIMIT_MAX: '1000000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailTo = (to: string) =>
  waitUntil(() => smtp.mails.find((mail) => mail.to.includes(to))?.raw, 15_000, `a mail to ${to}`);

const signUp = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/', headers, payload });

describe('the sign-up code', () => {
  it('is written in Hindi when the sign-up was in Hindi: the locale cookie', async () => {
    const email = `cookie-hi-${randomUUID().slice(0, 8)}@example.org`;
    const response = await signUp(
      { name: 'Kavya', email, password: 'secret-pass-1' },
      { cookie: 'locale=hi' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const raw = await mailTo(email);
    const text = plainTextOf(raw);
    expect(subjectOf(raw)).toMatch(/^आपका Skillroute कोड: \d{6}$/);
    expect(text).toContain('नमस्ते Kavya,');
    expect(text).toMatch(/आपका Skillroute वेरिफ़िकेशन कोड है: \d{6}/);
    expect(text).toContain('इसे वेरिफ़िकेशन पेज पर डालें। यह 10 मिनट तक मान्य है।');
    expect(text).not.toMatch(/Hello|verification code/);
    const html = htmlOf(raw);
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('अपना ई-मेल कन्फ़र्म करें');
    expect(html).toContain('अगर आपने यह ई-मेल नहीं माँगा था');
    // The code reads the same in both languages, and it works.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: codeIn(text) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('is written in Hindi when the sign-up body chose Hindi, whatever the browser says', async () => {
    const email = `body-hi-${randomUUID().slice(0, 8)}@example.org`;
    const response = await signUp(
      { name: 'Arjun', email, password: 'secret-pass-1', locale: 'hi' },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const raw = await mailTo(email);
    expect(subjectOf(raw)).toMatch(/^आपका Skillroute कोड: \d{6}$/);
    expect(plainTextOf(raw)).toContain('नमस्ते Arjun,');
    expect(htmlOf(raw)).toContain('<html lang="hi">');
  });

  it('stays in English otherwise, word for word', async () => {
    const email = `plain-${randomUUID().slice(0, 8)}@example.org`;
    const response = await signUp({ name: 'Ada', email, password: 'secret-pass-1' });
    expect(response.statusCode, response.body).toBe(201);
    const raw = await mailTo(email);
    const code = codeIn(plainTextOf(raw));
    expect(subjectOf(raw)).toBe(`Your Skillroute code: ${code}`);
    expect(plainTextOf(raw).replace(/\r\n/g, '\n')).toBe(
      [
        'Hello Ada,',
        '',
        `Your Skillroute verification code is: ${code}`,
        '',
        'Enter it on the verification page. It is valid for 10 minutes.',
        '',
        'If you did not sign up, you can ignore this e-mail.',
      ].join('\n'),
    );
    const html = htmlOf(raw);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Skillroute. If you did not ask for this e-mail, you can ignore it.');
  });
});

describe('a booking confirmed between a mentor who reads Hindi and a mentee who reads English', () => {
  it('mails and notifies each in their own language, the invite included', async () => {
    const tag = randomUUID().slice(0, 8);
    const mentorEmail = `mentor-${tag}@example.org`;
    const mentorId = await createMentor(t.app.db, {
      name: `Ada ${tag}`,
      email: mentorEmail,
      availability: { timezone: 'Asia/Kolkata', weeklyHours: WEEK, pricePaise: 150_000 },
    });
    await t.app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, mentorId));
    const mentee = await createUser(t.app.db, {
      email: `mentee-${tag}@example.org`,
      name: `Ravi ${tag}`,
      timezone: 'Asia/Kolkata',
    });
    const { cookie } = await signedInAs(t.app.db, t.config.jwtSecret, mentee, clock.now());
    // Tuesday 10:00 in India: 04:30 UTC.
    const start = new Date(MONDAY + DAY_MS + 4.5 * HOUR_MS);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie },
      payload: { mentorId, startTime: start.toISOString() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking } = bookingResponseSchema.parse(booked.json());
    await t.app.services.unitOfWork(async (uow) => {
      await confirmBooking(within(t.app.services, uow), { bookingId: booking.id });
      await announceConfirmed(within(t.app.services, uow), { bookingId: booking.id });
    });

    const day = String(new Date(start).getUTCDate());
    const hindiWhen = `मंगल ${day} `;
    const englishWhen = `Tue ${day} `;

    const mentorMail = await mailTo(mentorEmail);
    expect(subjectOf(mentorMail)).toBe(`नई बुकिंग: Ravi ${tag} ने आपके साथ एक सेशन बुक किया है`);
    const mentorText = plainTextOf(mentorMail);
    expect(mentorText).toContain(`नमस्ते Ada ${tag},`);
    expect(mentorText).toContain(`Ravi ${tag} ने ${hindiWhen}`);
    expect(mentorText).toContain(', 10:00 AM IST को आपके साथ एक सेशन बुक किया है।');
    expect(mentorText).toContain('आपके सेशन: https://skillroute.example/profile/bookings');
    expect(mentorText).not.toMatch(/Hello|Your sessions|booked a session/);
    expect(htmlOf(mentorMail)).toContain('<html lang="hi">');
    const mentorInvite = icsOf(mentorMail);
    expect(icsValue(mentorInvite, 'SUMMARY')).toBe(`Skillroute सेशन: Ada ${tag} के साथ Ravi ${tag}`);
    expect(icsValue(mentorInvite, 'DESCRIPTION')).toContain('Skillroute पर एक घंटे का मेंटरिंग सेशन');

    const menteeMail = await mailTo(mentee.email);
    expect(subjectOf(menteeMail)).toBe(`Confirmed: your session with Ada ${tag}`);
    const menteeText = plainTextOf(menteeMail);
    expect(menteeText).toContain(`Hello Ravi ${tag},`);
    expect(menteeText).toContain(`Your session with Ada ${tag} on ${englishWhen}`);
    expect(menteeText).toContain(', 10:00 AM IST is confirmed.');
    expect(menteeText).not.toMatch(/[\u0900-\u097f]/);
    expect(htmlOf(menteeMail)).toContain('<html lang="en">');
    expect(icsValue(icsOf(menteeMail), 'SUMMARY')).toBe(`Skillroute session: Ravi ${tag} with Ada ${tag}`);

    const noticeOf = async (userId: string) =>
      (await t.app.db.select().from(notifications).where(eq(notifications.userId, userId)))
        .filter((notice) => notice.type === 'booking_confirmed')
        .map((notice) => notice.message);
    const [mentorNotice] = await noticeOf(mentorId);
    expect(mentorNotice).toMatch(
      new RegExp(`^Ravi ${tag} ने ${hindiWhen}.*, 10:00 AM IST को आपके साथ एक सेशन बुक किया है।$`),
    );
    expect(await noticeOf(mentee.id)).toEqual([
      expect.stringMatching(
        new RegExp(`^Your session with Ada ${tag} on ${englishWhen}.*, 10:00 AM IST is confirmed\\.$`),
      ),
    ]);
  });
});

/** The .ics attachment of a raw mail (base64, as nodemailer writes it). */
function icsOf(raw: string): string {
  const attachment =
    /Content-Disposition: attachment; filename=session\.ics\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
      raw,
    )?.[1];
  expect(attachment, raw).toBeDefined();
  return Buffer.from(attachment!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

/** The value of one property of an iCalendar text, its folded lines unfolded. */
function icsValue(ics: string, name: string): string | undefined {
  const line = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .find((candidate) => candidate.split(/[;:]/)[0] === name);
  return line?.slice(line.indexOf(':') + 1);
}
