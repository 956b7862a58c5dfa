import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResponseSchema, type Booking } from '@skillroute/shared/bookings';
import { createUser, signedInAs } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, waitUntil, type RecordingMailer } from '../../../test/mail';
import { createMentor } from '../../../test/mentors';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { bookings, notifications, users } from '../../db/schema';
import {
  announceCancelled,
  announceConfirmed,
  announceLatePaymentRefunded,
  announcePaymentFailed,
  reminderKey,
  remindSession,
} from './announcements';
import { remindJob } from './job-types';
import { sendMailJob } from '../mail/service';
import { within } from '../../context/service-context';
import { confirmBooking } from './transitions';
import { mondayAhead } from '../../../test/clock';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const MONDAY = mondayAhead();
const at = (days: number, hour: number) => new Date(MONDAY + days * DAY_MS + hour * HOUR_MS);

// The services' clock, pinned to that Monday 06:00 UTC.
const clock = { now: () => at(0, 6) };

const HOURS = [10, 11, 12, 13, 14, 15, 16];
const WEEK = { monday: HOURS, tuesday: HOURS, wednesday: HOURS, thursday: HOURS, friday: HOURS };
const PRICE_PAISE = 150_000;

let t: TestApp;
let mailer: RecordingMailer;
beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({
    clock,
    mailer,
    env: { RATE_LIMIT_MAX: '1000000', PUBLIC_URL: 'https://skillroute.example' },
  });
});
afterAll(() => t?.close());

interface Pair {
  mentor: { id: string; email: string; name: string };
  mentee: { id: string; email: string; name: string; cookie: string };
}

/**
 * A mentor working 10:00–17:00 in Berlin's zone (and reading times there) and a mentee in New York signed in,
 * each with their own addresses.
 */
async function newPair(
  app: TestApp = t,
  zones: { mentee?: string | null; mentor?: string } = {},
): Promise<Pair> {
  const tag = randomUUID().slice(0, 8);
  const mentor = { email: `mentor-${tag}@example.org`, name: `Ada ${tag}` };
  const mentorId = await createMentor(app.app.db, {
    name: mentor.name,
    email: mentor.email,
    availability: { timezone: 'Europe/Berlin', weeklyHours: WEEK, pricePaise: PRICE_PAISE },
  });
  if (zones.mentor !== undefined)
    await app.app.db.update(users).set({ timezone: zones.mentor }).where(eq(users.id, mentorId));
  const menteeZone = zones.mentee === undefined ? 'America/New_York' : zones.mentee;
  const menteeRow = await createUser(app.app.db, {
    email: `mentee-${tag}@example.org`,
    name: `Ravi ${tag}`,
    ...(menteeZone === null ? {} : { timezone: menteeZone }),
  });
  const { cookie } = await signedInAs(app.app.db, app.config.jwtSecret, menteeRow, clock.now());
  return {
    mentor: { id: mentorId, ...mentor },
    mentee: { id: menteeRow.id, email: menteeRow.email, name: menteeRow.name, cookie },
  };
}

/** Booked through the route as a mentee would, then confirmed as the payment webhook will. */
async function confirmedBooking(pair: Pair, start: Date, app: TestApp = t): Promise<Booking> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: pair.mentee.cookie },
    payload: { mentorId: pair.mentor.id, startTime: start.toISOString() },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { booking } = bookingResponseSchema.parse(response.json());
  await app.app.services.unitOfWork(async (uow) => {
    expect(await confirmBooking(within(app.app.services, uow), { bookingId: booking.id })).toBeDefined();
    await announceConfirmed(within(app.app.services, uow), { bookingId: booking.id });
  });
  return booking;
}

const noticesOf = (userId: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

async function reminderJobs(
  bookingId: string,
): Promise<Array<{ key: string; state: string; startAfter: Date }>> {
  const { rows } = await t.app.pool.query<{ key: string; state: string; startAfter: Date }>(
    `select singleton_key as key, state, start_after as "startAfter" from pgboss.job where name = $1 and data->>'bookingId' = $2 order by start_after`,
    [remindJob.name, bookingId],
  );
  return rows;
}

async function jobStates(name: string, bookingId: string): Promise<string[]> {
  const { rows } = await t.app.pool.query<{ state: string }>(
    `select state from pgboss.job where name = $1 and data->>'bookingId' = $2`,
    [name, bookingId],
  );
  return rows.map((row) => row.state);
}

/** The mails queued to an address (`mail.send` jobs), in any state. */
async function mailJobsTo(email: string): Promise<string[]> {
  const { rows } = await t.app.pool.query<{ state: string }>(
    `select state from pgboss.job where name = $1 and data->>'to' = $2`,
    [sendMailJob.name, email],
  );
  return rows.map((row) => row.state);
}

/** The value of one property of an iCalendar text, its folded lines unfolded. */
function icsValue(ics: string, name: string): string | undefined {
  const line = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .find((candidate) => candidate.split(/[;:]/)[0] === name);
  return line?.slice(line.indexOf(':') + 1);
}

const icsTime = (instant: string) => instant.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('announceConfirmed', () => {
  it('notifies both people, mails both an invite to the room, and schedules the reminders 24 hours and 15 minutes ahead', async () => {
    const pair = await newPair();
    const booking = await confirmedBooking(pair, at(1, 10));

    const [menteeNotice] = await noticesOf(pair.mentee.id);
    expect(menteeNotice).toMatchObject({ type: 'booking_confirmed', link: '/profile/bookings' });
    // Each reads their own clock, the zone named: the mentee New York's (10:00 UTC is 5 AM, 6 AM in summer
    // time), the mentor Berlin's, the zone of their availability (11 AM, or noon in summer time).
    expect(menteeNotice?.message).toMatch(
      new RegExp(
        `^Your session with ${pair.mentor.name} on Tue \\d+ \\w+, [56]:00 AM Eastern Time \\(New York\\) is confirmed\\.$`,
      ),
    );
    const [mentorNotice] = await noticesOf(pair.mentor.id);
    expect(mentorNotice).toMatchObject({ type: 'booking_confirmed', link: '/profile/bookings' });
    expect(mentorNotice?.message).toMatch(
      new RegExp(
        `^${pair.mentee.name} booked a session with you on Tue \\d+ \\w+, (11:00 AM|12:00 PM) Central European Time \\(Berlin\\)\\.$`,
      ),
    );

    const roomUrl = `https://skillroute.example/meet/${booking.roomId}`;
    for (const person of [pair.mentee, pair.mentor]) {
      const mail = await mailer.waitFor(person.email, /^(Confirmed|New booking):/);
      expect(mail.text).toContain(roomUrl);
      const zoneName = person === pair.mentee ? 'Eastern Time (New York)' : 'Central European Time (Berlin)';
      expect(mail.text).toContain(zoneName);
      const ics = mail.icalEvent?.content ?? '';
      // The invite's description says when on the reader's own clock (iCalendar escapes its commas).
      expect(icsValue(ics, 'DESCRIPTION')?.replaceAll('\\,', ',')).toContain(zoneName);
      expect(mail.icalEvent?.method).toBe('REQUEST');
      expect(icsValue(ics, 'METHOD')).toBe('REQUEST');
      expect(icsValue(ics, 'DTSTART')).toBe(icsTime(booking.startTime));
      expect(icsValue(ics, 'DTEND')).toBe(icsTime(booking.endTime));
      expect(icsValue(ics, 'UID')).toBe(`booking-${booking.id}@skillroute`);
      expect(icsValue(ics, 'URL')).toBe(roomUrl);
      expect(icsValue(ics, 'ATTENDEE')).toMatch(new RegExp(`mailto:${person.email}$`, 'i'));
      expect(icsValue(ics, 'ORGANIZER')).toMatch(/mailto:no-reply@skillroute\.local$/i);
    }

    const start = Date.parse(booking.startTime);
    expect(await reminderJobs(booking.id)).toEqual([
      { key: reminderKey(booking.id, '24h'), state: 'created', startAfter: new Date(start - DAY_MS) },
      { key: reminderKey(booking.id, '15m'), state: 'created', startAfter: new Date(start - 15 * MINUTE_MS) },
    ]);
  });

  it('schedules only the 15-minute reminder for a session less than 24 hours away', async () => {
    const pair = await newPair();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: pair.mentee.cookie },
      payload: { mentorId: pair.mentor.id, startTime: at(2, 10).toISOString() },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = bookingResponseSchema.parse(response.json());
    // Three hours from the real time, by which pg-boss fires reminders; the route's slot rules are not what is tested here.
    const start = new Date(Math.ceil((Date.now() + 3 * HOUR_MS) / 1000) * 1000);
    await t.app.db
      .update(bookings)
      .set({ startTime: start, endTime: new Date(start.getTime() + HOUR_MS) })
      .where(eq(bookings.id, booking.id));
    await t.app.services.unitOfWork(async (uow) => {
      await confirmBooking(within(t.app.services, uow), { bookingId: booking.id });
      await announceConfirmed(within(t.app.services, uow), { bookingId: booking.id });
    });
    expect(await reminderJobs(booking.id)).toEqual([
      {
        key: reminderKey(booking.id, '15m'),
        state: 'created',
        startAfter: new Date(start.getTime() - 15 * MINUTE_MS),
      },
    ]);
  });

  it('writes nothing for a booking that does not exist: the whole unit of work rolls back', async () => {
    const pair = await newPair();
    const missing = randomUUID();
    await expect(
      t.app.services.unitOfWork(async (uow) => {
        await uow.notify(pair.mentee.id, {
          type: 'booking_confirmed',
          message: 'written before the failure',
          link: null,
        });
        await announceConfirmed(within(t.app.services, uow), { bookingId: missing });
      }),
    ).rejects.toThrow(/was not found/);
    expect(await noticesOf(pair.mentee.id)).toEqual([]);
    expect(await mailJobsTo(pair.mentee.email)).toEqual([]);
  });
});

describe('announceCancelled', () => {
  it('tells both who cancelled and why, the mentee their refund in rupees, withdraws the invite and drops both reminders', async () => {
    const pair = await newPair();
    const booking = await confirmedBooking(pair, at(1, 12));
    await t.app.services.unitOfWork(async (uow) => {
      await uow.tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: clock.now(),
          cancelledBy: pair.mentee.id,
          cancelReason: 'My exam moved',
        })
        .where(eq(bookings.id, booking.id));
      await announceCancelled(within(t.app.services, uow), {
        bookingId: booking.id,
        refund: { amount: 75_000, status: 'pending' },
      });
    });

    const menteeNotice = (await noticesOf(pair.mentee.id)).find((row) => row.type === 'booking_cancelled');
    expect(menteeNotice?.message).toMatch(
      /^You cancelled your session with .* You get a refund of ₹750 of the ₹1,500 you paid/,
    );
    const mentorNotice = (await noticesOf(pair.mentor.id)).find((row) => row.type === 'booking_cancelled');
    expect(mentorNotice?.message).toMatch(
      new RegExp(
        `^${pair.mentee.name} cancelled the session with you on .*The reason given: "My exam moved"\\.$`,
      ),
    );
    expect(mentorNotice?.message).not.toContain('₹');

    expect((await reminderJobs(booking.id)).map((job) => [job.key, job.state])).toEqual([
      [reminderKey(booking.id, '24h'), 'cancelled'],
      [reminderKey(booking.id, '15m'), 'cancelled'],
    ]);

    for (const person of [pair.mentee, pair.mentor]) {
      const mail = await mailer.waitFor(person.email, /^Cancelled:/);
      expect(mail.icalEvent?.method).toBe('CANCEL');
      expect(icsValue(mail.icalEvent?.content ?? '', 'UID')).toBe(`booking-${booking.id}@skillroute`);
      expect(icsValue(mail.icalEvent?.content ?? '', 'STATUS')).toBe('CANCELLED');
    }
    // The mentor reads the mentee's reason; the mentee, who wrote it, reads their refund.
    expect(
      mailer.sent.find((mail) => mail.to === pair.mentor.email && mail.subject.startsWith('Cancelled:'))
        ?.text,
    ).toContain('The reason given: "My exam moved".');
    expect(
      mailer.sent.find((mail) => mail.to === pair.mentee.email && mail.subject.startsWith('Cancelled:'))
        ?.text,
    ).toContain('You get a refund of ₹750');
  });

  it('mails what people wrote as plain words: no link made of a reason, no text-reordering characters', async () => {
    const pair = await newPair();
    const booking = await confirmedBooking(pair, at(1, 14));
    await t.app.services.unitOfWork(async (uow) => {
      await uow.tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: clock.now(),
          cancelledBy: pair.mentee.id,
          cancelReason: 'Claim your refund at https://evil.example/pay \u202Efdp.exe',
        })
        .where(eq(bookings.id, booking.id));
      await announceCancelled(within(t.app.services, uow), {
        bookingId: booking.id,
        refund: { amount: 75_000, status: 'pending' },
      });
    });
    const mail = await mailer.waitFor(pair.mentor.email, /^Cancelled:/);
    expect(mail.html).not.toContain('href="https://evil');
    for (const body of [mail.text, mail.html ?? '']) {
      expect(body).not.toContain('https://evil.example');
      expect(body).not.toContain('\u202E');
    }
    expect(mail.text.replaceAll('\u200b', '')).toContain(
      'Claim your refund at https://evil.example/pay fdp.exe',
    );
    // Our own links are still links.
    expect(mail.html).toMatch(/<a href="[^"]+\/profile\/bookings"/);
  });
});

describe('the reminder worker', () => {
  it('reminds both people of a confirmed session, by notification and by mail', async () => {
    const pair = await newPair();
    const booking = await confirmedBooking(pair, at(1, 14));
    // Due now rather than in a week: the worker reads the booking as it is when the job runs.
    await t.app.services.unitOfWork((uow) =>
      uow.enqueue(
        remindJob,
        { bookingId: booking.id, lead: '15m' },
        { singletonKey: `${reminderKey(booking.id, '15m')}:now` },
      ),
    );

    for (const person of [pair.mentee, pair.mentor]) {
      const mail = await mailer.waitFor(
        person.email,
        /^Reminder: your session with .* starts in 15 minutes$/,
      );
      expect(mail.text).toContain(`https://skillroute.example/meet/${booking.roomId}`);
    }
    for (const id of [pair.mentee.id, pair.mentor.id]) {
      const reminders = (await noticesOf(id)).filter((row) => row.type === 'booking_reminder');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.message).toMatch(/^Your session with .* starts in 15 minutes: /);
    }
    // 14:00 UTC on a Tuesday: 9 AM in New York (10 AM in summer time), 3 PM in Berlin (4 PM).
    expect((await noticesOf(pair.mentee.id)).find((row) => row.type === 'booking_reminder')?.message).toMatch(
      /: Tue \d+ \w+, (9|10):00 AM Eastern Time \(New York\)\.$/,
    );
    expect((await noticesOf(pair.mentor.id)).find((row) => row.type === 'booking_reminder')?.message).toMatch(
      /: Tue \d+ \w+, [34]:00 PM Central European Time \(Berlin\)\.$/,
    );
  });

  it('writes a mentor’s own zone over their availability’s, and IST for a person with no zone yet', async () => {
    const pair = await newPair(t, { mentee: null, mentor: 'Asia/Tokyo' });
    const booking = await confirmedBooking(pair, at(2, 10));
    await t.app.services.unitOfWork((uow) =>
      uow.enqueue(
        remindJob,
        { bookingId: booking.id, lead: '24h' },
        { singletonKey: `${reminderKey(booking.id, '24h')}:now` },
      ),
    );
    // 10:00 UTC on a Wednesday: 7 PM in Tokyo, 3:30 PM in India (neither keeps summer time).
    const mentorMail = await mailer.waitFor(pair.mentor.email, /^Reminder: /);
    expect(mentorMail.text).toMatch(/: Wed \d+ \w+, 7:00 PM Japan Standard Time \(Tokyo\)\./);
    const menteeMail = await mailer.waitFor(pair.mentee.email, /^Reminder: /);
    expect(menteeMail.text).toMatch(/: Wed \d+ \w+, 3:30 PM IST\./);
  });

  it('tells and mails each person once when its job runs twice (its process died before marking it done)', async () => {
    const pair = await newPair();
    const booking = await confirmedBooking(pair, at(2, 12));
    await remindSession(t.app.services, { bookingId: booking.id, lead: '24h' });
    await remindSession(t.app.services, { bookingId: booking.id, lead: '24h' });

    for (const person of [pair.mentee, pair.mentor]) {
      // The confirmation and both runs' reminders; the second reminder, finding its key sent, sends nothing.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const states = await mailJobsTo(person.email);
        if (states.filter((state) => state === 'completed').length === 3) break;
        if (Date.now() > deadline) throw new Error(`the mails to ${person.email} did not all go: ${states}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const reminders = mailer.sent.filter(
        (mail) => mail.to === person.email && mail.subject.startsWith('Reminder'),
      );
      expect(reminders).toHaveLength(1);
    }
    for (const id of [pair.mentee.id, pair.mentor.id])
      expect((await noticesOf(id)).filter((row) => row.type === 'booking_reminder')).toHaveLength(1);
  });

  it('does nothing for a session cancelled after its reminder was queued', async () => {
    const pair = await newPair();
    const booking = await confirmedBooking(pair, at(1, 15));
    await t.app.db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: clock.now(),
        cancelledBy: pair.mentor.id,
        cancelReason: 'Ill',
      })
      .where(eq(bookings.id, booking.id));
    // A job that slipped past the cancellation (the cancel route drops them; this is the defence behind it).
    await t.app.services.unitOfWork((uow) =>
      uow.enqueue(
        remindJob,
        { bookingId: booking.id, lead: '24h' },
        { singletonKey: `${reminderKey(booking.id, '24h')}:now` },
      ),
    );

    const deadline = Date.now() + 15_000;
    while (!(await jobStates(remindJob.name, booking.id)).includes('completed')) {
      if (Date.now() > deadline) throw new Error('the reminder job never ran');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const id of [pair.mentee.id, pair.mentor.id])
      expect((await noticesOf(id)).filter((row) => row.type === 'booking_reminder')).toEqual([]);
    expect(
      mailer.sent.filter(
        (mail) =>
          [pair.mentee.email, pair.mentor.email].includes(mail.to) && mail.subject.startsWith('Reminder'),
      ),
    ).toEqual([]);
  });
});

describe('the payment announcements', () => {
  it('tells only the mentee that a failed payment released the slot, without a mail', async () => {
    const pair = await newPair();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: pair.mentee.cookie },
      payload: { mentorId: pair.mentor.id, startTime: at(3, 10).toISOString() },
    });
    const { booking } = bookingResponseSchema.parse(response.json());
    await t.app.services.unitOfWork(async (uow) => {
      await uow.tx.update(bookings).set({ status: 'payment_failed' }).where(eq(bookings.id, booking.id));
      await announcePaymentFailed(within(t.app.services, uow), { bookingId: booking.id });
    });
    expect(await noticesOf(pair.mentee.id)).toMatchObject([
      {
        type: 'payment_failed',
        message: `Your payment for the session with ${pair.mentor.name} did not go through; the slot was released.`,
        link: `/mentor-profile/${pair.mentor.id}`,
      },
    ]);
    expect(await noticesOf(pair.mentor.id)).toEqual([]);
    expect(await mailJobsTo(pair.mentee.email)).toEqual([]);
    expect(await mailJobsTo(pair.mentor.email)).toEqual([]);
  });

  it('tells and mails the payer that a payment after the lapse was refunded in full', async () => {
    const pair = await newPair();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: pair.mentee.cookie },
      payload: { mentorId: pair.mentor.id, startTime: at(3, 11).toISOString() },
    });
    const { booking } = bookingResponseSchema.parse(response.json());
    await t.app.services.unitOfWork(async (uow) => {
      await uow.tx
        .update(bookings)
        .set({
          status: 'expired',
          refundAmount: PRICE_PAISE,
          refundStatus: 'pending',
          refundReason: 'paid_after_slot_taken',
        })
        .where(eq(bookings.id, booking.id));
      await announceLatePaymentRefunded(within(t.app.services, uow), { bookingId: booking.id });
    });
    const [notice] = await noticesOf(pair.mentee.id);
    expect(notice).toMatchObject({ type: 'payment_refunded', link: `/mentor-profile/${pair.mentor.id}` });
    expect(notice?.message).toMatch(
      /arrived after the 15-minute hold had lapsed and the slot was taken, so we refunded all of it \(₹1,500\)\.$/,
    );
    const mail = await mailer.waitFor(pair.mentee.email, /^Refunded:/);
    expect(mail.text).toContain(`https://skillroute.example/mentor-profile/${pair.mentor.id}`);
    expect(await noticesOf(pair.mentor.id)).toEqual([]);
    expect(mailer.sent.filter((sent) => sent.to === pair.mentor.email)).toEqual([]);
  });
});

describe('the confirmation mail on the wire', () => {
  let smtp: SmtpCapture | undefined;
  let wired: TestApp | undefined;
  afterAll(async () => {
    await wired?.close();
    await smtp?.close();
  });

  it('reaches the mail server with the invite as a text/calendar part and an .ics attachment', async () => {
    smtp = await startSmtpCapture();
    wired = await buildTestApp({ clock, env: { SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000000' } });
    const pair = await newPair(wired);
    const booking = await confirmedBooking(pair, at(1, 10), wired);
    const capture = smtp;
    const raw = await waitUntil(
      () => capture.mails.find((mail) => mail.to.includes(pair.mentee.email))?.raw,
      15_000,
      'the confirmation mail',
    );
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    // The attachment, base64 as nodemailer writes it, is the invite itself.
    const attachment =
      /Content-Disposition: attachment; filename=session\.ics\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
        raw,
      )?.[1];
    expect(attachment, raw).toBeDefined();
    const ics = Buffer.from(attachment!.replace(/\s+/g, ''), 'base64').toString('utf8');
    expect(icsValue(ics, 'DTSTART')).toBe(icsTime(booking.startTime));
    expect(icsValue(ics, 'UID')).toBe(`booking-${booking.id}@skillroute`);
    expect(icsValue(ics, 'URL')).toBe(`${wired.config.publicUrl}/meet/${booking.roomId}`);
  });
});
