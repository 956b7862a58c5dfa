import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@skillroute/shared/bookings';
import {
  earningsMessages,
  earningsResponseSchema,
  ledgerCheckResponseSchema,
  splitPrice,
} from '@skillroute/shared/earnings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { adminCookieFor } from '../../../test/assessments';
import { HOUR_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { bookAndPay } from '../../../test/payments';
import { createMentor } from '../../../test/mentors';
import { completeBooking, sweepLapsedHolds } from '../bookings/jobs';
import { bookings, users } from '../../db/schema';

const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
// ₹1,100 (prices are whole hundreds of rupees), with a fee of 12% set in the environment, not the default.
const PRICE_PAISE = 110_000;
const rates = { platformFeePercent: 12, gstPercent: 18 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000', PLATFORM_FEE_PERCENT: '12' } });
});
afterAll(() => t.close());

const signedIn = (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
const newMentee = async (name = 'Asha') =>
  signedIn(await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org`, name }));
async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie === undefined ? {} : { cookie }, payload });

/** A session booked and paid through the sandbox's webhook, as a mentee pays one. */
const paidSession = (
  mentor: SignedInPerson,
  mentee: SignedInPerson,
  start: Date,
  beforePaying?: (booking: Booking) => Promise<void>,
): Promise<Booking> =>
  bookAndPay(t, {
    menteeCookie: mentee.cookie,
    mentorId: mentor.id,
    start,
    amount: PRICE_PAISE,
    beforePaying,
  });

const earningsOf = async (mentor: SignedInPerson) => {
  const response = await call('GET', '/api/earnings', (await signedIn(mentor)).cookie);
  expect(response.statusCode, response.body).toBe(200);
  return earningsResponseSchema.parse(response.json());
};

describe('GET /api/earnings', () => {
  it('refuses the signed out (401) and anyone who is not a mentor (403)', async () => {
    expect((await call('GET', '/api/earnings')).statusCode).toBe(401);
    const refused = await call('GET', '/api/earnings', (await newMentee()).cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorEnvelope>().message).toBe(earningsMessages.mentorsOnly);
  });

  it('shows a new mentor nothing yet', async () => {
    expect(await earningsOf(await newMentor())).toEqual({
      currency: 'INR',
      pending: 0,
      available: 0,
      paidOut: 0,
      lifetime: 0,
      payoutMinimum: 50_000,
      sessions: [],
      payouts: [],
    });
  });

  it('holds a paid session’s share as pending, and makes it available once the session is held', async () => {
    nowMs = at(0, 6).getTime();
    const mentor = await newMentor();
    const mentee = await newMentee('Asha');
    const booking = await paidSession(mentor, mentee, at(2, 10));
    const split = splitPrice(PRICE_PAISE, rates);

    const paid = await earningsOf(mentor);
    expect(paid).toMatchObject({ pending: split.mentorShare, available: 0, lifetime: split.mentorShare });
    expect(paid.sessions).toEqual([
      {
        bookingId: booking.id,
        startTime: booking.startTime,
        mentee: { name: 'Asha' },
        price: PRICE_PAISE,
        platformFee: split.platformFee,
        gstOnFee: split.gstOnFee,
        net: split.mentorShare,
        status: 'confirmed',
      },
    ]);

    // The completion job, run once the session's hour is over.
    nowMs = Date.parse(booking.endTime) + HOUR_MS;
    await completeBooking(t.app.services, { bookingId: booking.id });
    const held = await earningsOf(mentor);
    expect(held).toMatchObject({ pending: 0, available: split.mentorShare, lifetime: split.mentorShare });
    expect(held.sessions[0]).toMatchObject({ status: 'completed', net: split.mentorShare });
  });

  it('after a mentee’s cancellation with half back, keeps the other half of the share for the mentor', async () => {
    nowMs = at(0, 6).getTime();
    const mentor = await newMentor();
    const mentee = await newMentee();
    const booking = await paidSession(mentor, mentee, at(3, 10));
    // Ten hours before the start: half back.
    nowMs = Date.parse(booking.startTime) - 10 * HOUR_MS;
    const cancelled = await call(
      'POST',
      `/api/bookings/${booking.id}/cancel`,
      (await signedIn(mentee)).cookie,
      {
        reason: 'Something came up',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ refund: { amount: number } }>().refund.amount).toBe(55_000);

    const earnings = await earningsOf(mentor);
    // 110,000 splits 13,200 / 2,376 / 94,424; half back takes 6,600 / 1,188 / 47,212 of it.
    expect(earnings).toMatchObject({ pending: 0, available: 47_212, lifetime: 47_212 });
    expect(earnings.sessions[0]).toMatchObject({
      price: 55_000,
      platformFee: 6600,
      gstOnFee: 1188,
      net: 47_212,
      status: 'cancelled',
    });
  });

  it('records a payment that came after its hold lapsed, once it confirms the booking', async () => {
    nowMs = at(0, 6).getTime();
    const mentor = await newMentor();
    const booking = await paidSession(mentor, await newMentee(), at(1, 15), async (held) => {
      nowMs += 16 * 60 * 1000;
      await sweepLapsedHolds(t.app.services);
      const [lapsed] = await t.app.db.select().from(bookings).where(eq(bookings.id, held.id));
      expect(lapsed?.status).toBe('expired');
    });
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
    expect(await earningsOf(mentor)).toMatchObject({ pending: splitPrice(PRICE_PAISE, rates).mentorShare });
  });

  it('takes an admin’s full refund of a session already held back out of what is available', async () => {
    nowMs = at(0, 6).getTime();
    const mentor = await newMentor();
    const held = await paidSession(mentor, await newMentee(), at(1, 11));
    const kept = await paidSession(mentor, await newMentee(), at(1, 13));
    nowMs = Date.parse(kept.endTime) + HOUR_MS;
    await completeBooking(t.app.services, { bookingId: held.id });
    await completeBooking(t.app.services, { bookingId: kept.id });
    const split = splitPrice(PRICE_PAISE, rates);
    expect(await earningsOf(mentor)).toMatchObject({ pending: 0, available: 2 * split.mentorShare });

    const refunded = await call('POST', `/api/admin/bookings/${held.id}/refund`, await adminCookieFor(t), {
      reason: 'The mentor never turned up',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const earnings = await earningsOf(mentor);
    expect(earnings).toMatchObject({ pending: 0, available: split.mentorShare, lifetime: split.mentorShare });
    expect(earnings.sessions.find((session) => session.bookingId === held.id)).toMatchObject({
      price: 0,
      platformFee: 0,
      gstOnFee: 0,
      net: 0,
    });
  });
});

describe('GET /api/earnings/statement.csv', () => {
  const statement = (cookie: string | undefined, query: string) =>
    call('GET', `/api/earnings/statement.csv?${query}`, cookie);
  /** The day (YYYY-MM-DD) and the time (HH:mm) an instant falls on in `zone`, read through Intl. */
  const dayAndTimeIn = (instant: string, zone: string): [string, string] => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, part.value]),
    );
    return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
  };

  it('refuses the signed out (401), a mentee (403) and bad ranges (400) with a clear message', async () => {
    expect((await statement(undefined, 'from=2026-04-01&to=2026-04-30')).statusCode).toBe(401);
    const mentee = await newMentee();
    expect((await statement(mentee.cookie, 'from=2026-04-01&to=2026-04-30')).statusCode).toBe(403);
    const mentor = await newMentor();
    for (const [query, message] of [
      ['from=2026-04-01', 'Required'],
      ['from=2027-02-30&to=2027-03-01', earningsMessages.statementDate],
      ['from=2026-4-1&to=2026-04-30', earningsMessages.statementDate],
      ['from=1999-12-31&to=2000-01-01', earningsMessages.statementDate],
      ['from=2026-04-30&to=2026-04-01', earningsMessages.statementReversed],
      ['from=2026-04-01&to=2027-04-02', earningsMessages.statementTooLong],
      ['from=2026-04-01&to=2026-04-30&mentorId=x', ''],
    ] as const) {
      const refused = await statement(mentor.cookie, query);
      expect(refused.statusCode, query).toBe(400);
      if (message !== '' && message !== 'Required')
        expect(refused.body, query).toContain(JSON.stringify(message).slice(1, -1));
    }
    // A leap year's whole financial year is 366 days, and allowed.
    expect((await statement(mentor.cookie, 'from=2027-04-01&to=2028-03-31')).statusCode).toBe(200);
  });

  it('lists the sessions held on the asked days of the mentor’s own calendar, as CSV a spreadsheet reads', async () => {
    nowMs = at(0, 6).getTime();
    const mentor = await newMentor();
    // Auckland is 12 or 13 hours ahead of UTC: 10:00 UTC is still that day there, 12:00 UTC the next.
    const zone = 'Pacific/Auckland';
    await t.app.db.update(users).set({ timezone: zone }).where(eq(users.id, mentor.id));
    const late = await paidSession(mentor, await newMentee('=HYPERLINK("http://evil.example")'), at(1, 10));
    const next = await paidSession(mentor, await newMentee('Ravi, "the" learner'), at(1, 12));
    const [lateDay, lateTime] = dayAndTimeIn(late.startTime, zone);
    const [nextDay, nextTime] = dayAndTimeIn(next.startTime, zone);
    expect(nextDay).not.toBe(lateDay);
    const split = splitPrice(PRICE_PAISE, rates);
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    const header =
      'Date,Time,Booking,Mentee,Status,Price (INR),Platform fee (INR),GST on fee (INR),Net (INR)';
    const amounts = [PRICE_PAISE, split.platformFee, split.gstOnFee, split.mentorShare].map(rupees).join(',');

    const oneDay = await statement(mentor.cookie, `from=${lateDay}&to=${lateDay}`);
    expect(oneDay.statusCode, oneDay.body).toBe(200);
    expect(oneDay.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(oneDay.headers['content-disposition']).toBe(
      `attachment; filename="skillroute-statement-${lateDay}-to-${lateDay}.csv"`,
    );
    // A name a spreadsheet would run as a formula is written as text.
    expect(oneDay.body).toBe(
      `${header}\r\n${lateDay},${lateTime},${late.id},"'=HYPERLINK(""http://evil.example"")",confirmed,${amounts}\r\n`,
    );

    const both = await statement(mentor.cookie, `from=${lateDay}&to=${nextDay}`);
    expect(both.body.split('\r\n')).toEqual([
      header,
      `${lateDay},${lateTime},${late.id},"'=HYPERLINK(""http://evil.example"")",confirmed,${amounts}`,
      `${nextDay},${nextTime},${next.id},"Ravi, ""the"" learner",confirmed,${amounts}`,
      '',
    ]);

    // Another mentor's statement of the same days holds none of these sessions.
    const other = await statement((await newMentor()).cookie, `from=${lateDay}&to=${nextDay}`);
    expect(other.body).toBe(`${header}\r\n`);
  });
});

describe('GET /api/admin/ledger/check', () => {
  it('refuses anyone but an admin', async () => {
    expect((await call('GET', '/api/admin/ledger/check')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/ledger/check', (await newMentor()).cookie)).statusCode).toBe(401);
  });

  it('finds every transaction balanced, and counts them', async () => {
    nowMs = at(0, 6).getTime();
    const before = ledgerCheckResponseSchema.parse(
      (await call('GET', '/api/admin/ledger/check', await adminCookieFor(t))).json(),
    );
    const booking = await paidSession(await newMentor(), await newMentee(), at(4, 10));
    nowMs = Date.parse(booking.endTime) + HOUR_MS;
    await completeBooking(t.app.services, { bookingId: booking.id });

    const response = await call('GET', '/api/admin/ledger/check', await adminCookieFor(t));
    expect(response.statusCode, response.body).toBe(200);
    // A payment (4 entries) and a completion (2).
    expect(ledgerCheckResponseSchema.parse(response.json())).toEqual({
      balanced: true,
      transactions: before.transactions + 2,
      entries: before.entries + 6,
    });
  });
});
