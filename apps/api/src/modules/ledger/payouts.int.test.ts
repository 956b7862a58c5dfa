import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  earningsMessages,
  earningsResponseSchema,
  ledgerCheckResponseSchema,
  payoutMessages,
  payoutMethodResponseSchema,
  payoutResponseSchema,
  splitPrice,
} from '@skillroute/shared/earnings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { payoutMethodMessages } from '@skillroute/shared/payout-methods';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { adminCookieFor } from '../../../test/assessments';
import { HOUR_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { bookAndPay } from '../../../test/payments';
import { createMentor } from '../../../test/mentors';
import { ledgerTransactions, notifications, payouts } from '../../db/schema';
import { completeBooking } from '../bookings/jobs';

const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
// ₹1,100 at the default rates (10% fee, 18% GST on it): the mentor's share is 97,020 paise.
const PRICE_PAISE = 110_000;
const SHARE = splitPrice(PRICE_PAISE, { platformFeePercent: 10, gstPercent: 18 }).mentorShare;
const MINIMUM = 50_000;
const ACCOUNT_NUMBER = '001234567890123';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());

const signedIn = (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie === undefined ? {} : { cookie }, payload });

/** A mentor with one session paid and held: its share is available to pay out. */
async function mentorWithOneSessionHeld(): Promise<SignedInPerson> {
  nowMs = at(0, 6).getTime();
  const mentor = await newMentor();
  const mentee = await signedIn(await createUser(t.app.db, { email: `m-${randomUUID()}@example.org` }));
  const booking = await bookAndPay(t, {
    menteeCookie: mentee.cookie,
    mentorId: mentor.id,
    start: at(2, 10),
    amount: PRICE_PAISE,
  });
  nowMs = Date.parse(booking.endTime) + HOUR_MS;
  await completeBooking(t.app.services, { bookingId: booking.id });
  return signedIn(mentor);
}

const earningsOf = async (mentor: SignedInPerson) => {
  const response = await call('GET', '/api/earnings', mentor.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return earningsResponseSchema.parse(response.json());
};
const saveMethod = (mentor: SignedInPerson, body: object) =>
  call('PUT', '/api/earnings/payout-method', mentor.cookie, body);
const payOut = (mentor: SignedInPerson, amount: number) =>
  call('POST', '/api/earnings/payouts', mentor.cookie, { amount });
const payoutRowsOf = (mentorId: string) =>
  t.app.db.select().from(payouts).where(eq(payouts.mentorId, mentorId));
const ledgerCheck = async () =>
  ledgerCheckResponseSchema.parse(
    (await call('GET', '/api/admin/ledger/check', await adminCookieFor(t))).json(),
  );

describe('/api/earnings/payout-method', () => {
  it('refuses the signed out (401) and anyone who is not a mentor (403)', async () => {
    expect((await call('GET', '/api/earnings/payout-method')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/earnings/payout-method', undefined, { type: 'upi', vpa: 'a@b' })).statusCode,
    ).toBe(401);
    const mentee = await signedIn(await createUser(t.app.db, { email: `m-${randomUUID()}@example.org` }));
    for (const response of [
      await call('GET', '/api/earnings/payout-method', mentee.cookie),
      await saveMethod(mentee, { type: 'upi', vpa: 'asha@okicici' }),
      await payOut(mentee, MINIMUM),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorEnvelope>().message).toBe(earningsMessages.mentorsOnly);
    }
  });

  it('answers null before a method is saved, then only what is shown of it, never the whole account', async () => {
    const mentor = await newMentor();
    const none = await call('GET', '/api/earnings/payout-method', mentor.cookie);
    expect(payoutMethodResponseSchema.parse(none.json())).toEqual({ method: null });

    const saved = await saveMethod(mentor, {
      type: 'bank',
      accountName: 'Ravi Kumar',
      accountNumber: '0012 3456 7890 123',
      ifsc: 'hdfc0001234',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = { type: 'bank', accountName: 'Ravi Kumar', accountLast4: '0123', ifsc: 'HDFC0001234' };
    expect(saved.json()).toEqual({ method: shown });
    const read = await call('GET', '/api/earnings/payout-method', mentor.cookie);
    expect(read.json()).toEqual({ method: shown });
    for (const response of [saved, read]) expect(response.body).not.toContain(ACCOUNT_NUMBER);

    // Replaced by a UPI ID: one row per mentor, the ID masked.
    const upi = await saveMethod(mentor, { type: 'upi', vpa: 'ravi.kumar@okhdfc' });
    expect(upi.json()).toEqual({ method: { type: 'upi', vpa: 'ra•••@okhdfc' } });
    expect(upi.body).not.toContain('ravi.kumar');
  });

  it('refuses bad formats with 400 and the shared messages, saving nothing', async () => {
    const mentor = await newMentor();
    const cases: Array<[object, string]> = [
      [{ type: 'upi', vpa: 'not-a-upi-id' }, payoutMethodMessages.vpaFormat],
      [
        { type: 'bank', accountName: 'Ravi', accountNumber: '12345', ifsc: 'HDFC0001234' },
        payoutMethodMessages.accountNumberFormat,
      ],
      [
        { type: 'bank', accountName: 'Ravi', accountNumber: ACCOUNT_NUMBER, ifsc: 'HDFC1001234' },
        payoutMethodMessages.ifscFormat,
      ],
      [
        { type: 'bank', accountName: ' ', accountNumber: ACCOUNT_NUMBER, ifsc: 'HDFC0001234' },
        payoutMethodMessages.accountName,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await saveMethod(mentor, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
      expect(response.body).not.toContain(ACCOUNT_NUMBER);
    }
    const read = await call('GET', '/api/earnings/payout-method', mentor.cookie);
    expect(read.json()).toEqual({ method: null });
  });
});

describe('POST /api/earnings/payouts', () => {
  it('refuses below the minimum, above the balance and without a method, writing nothing', async () => {
    const mentor = await mentorWithOneSessionHeld();
    const transactionsBefore = (await ledgerCheck()).transactions;

    const noMethod = await payOut(mentor, MINIMUM);
    expect(noMethod.statusCode, noMethod.body).toBe(409);
    expect(noMethod.json<ErrorEnvelope>().message).toBe(payoutMessages.noMethod);

    expect((await saveMethod(mentor, { type: 'upi', vpa: 'ravi@okhdfc' })).statusCode).toBe(200);
    const below = await payOut(mentor, MINIMUM - 1);
    expect(below.statusCode, below.body).toBe(400);
    expect(below.json<ErrorEnvelope>().message).toBe(payoutMessages.belowMinimum(MINIMUM));

    const above = await payOut(mentor, SHARE + 1);
    expect(above.statusCode, above.body).toBe(409);
    expect(above.json<ErrorEnvelope>().message).toBe(payoutMessages.aboveAvailable(SHARE));

    expect(await payoutRowsOf(mentor.id)).toEqual([]);
    expect((await ledgerCheck()).transactions).toBe(transactionsBefore);
    expect(await earningsOf(mentor)).toMatchObject({ available: SHARE, paidOut: 0, payouts: [] });
  });

  it('pays out part of the balance at once, and shows it in the earnings', async () => {
    const mentor = await mentorWithOneSessionHeld();
    await saveMethod(mentor, {
      type: 'bank',
      accountName: 'Ravi Kumar',
      accountNumber: ACCOUNT_NUMBER,
      ifsc: 'HDFC0001234',
    });
    const response = await payOut(mentor, 60_000);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain(ACCOUNT_NUMBER);
    const { payout } = payoutResponseSchema.parse(response.json());
    expect(payout).toMatchObject({
      amount: 60_000,
      status: 'paid',
      method: { type: 'bank', accountLast4: '0123' },
      requestedAt: new Date(nowMs).toISOString(),
      paidAt: new Date(nowMs).toISOString(),
      failureReason: null,
    });

    const earnings = await earningsOf(mentor);
    expect(earnings).toMatchObject({ available: SHARE - 60_000, paidOut: 60_000, lifetime: SHARE });
    expect(earnings.payouts).toEqual([payout]);
    expect((await ledgerCheck()).balanced).toBe(true);
  });

  it('pays out the whole balance once when 20 requests for it come at once', async () => {
    const mentor = await mentorWithOneSessionHeld();
    await saveMethod(mentor, { type: 'upi', vpa: 'ravi@okhdfc' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => payOut(mentor, SHARE)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await payoutRowsOf(mentor.id)).toHaveLength(1);
    expect(await earningsOf(mentor)).toMatchObject({ available: 0, paidOut: SHARE });
    expect((await ledgerCheck()).balanced).toBe(true);
  });

  it('pays once for a request sent again with the same Idempotency-Key, answering the first payout', async () => {
    const mentor = await mentorWithOneSessionHeld();
    await saveMethod(mentor, { type: 'upi', vpa: 'ravi@okhdfc' });
    const send = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/earnings/payouts',
        headers: { cookie: mentor.cookie, 'idempotency-key': 'payout-attempt-1' },
        payload: { amount },
      });
    const first = await send(50_000);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(50_000);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await send(60_000)).statusCode).toBe(422);
    expect(await payoutRowsOf(mentor.id)).toHaveLength(1);
    expect(await earningsOf(mentor)).toMatchObject({ available: SHARE - 50_000, paidOut: 50_000 });
  });

  it('returns a failed payout’s money to the available balance and tells the mentor', async () => {
    const mentor = await mentorWithOneSessionHeld();
    await saveMethod(mentor, { type: 'upi', vpa: 'will.fail@okhdfc' });
    const response = await payOut(mentor, SHARE);
    expect(response.statusCode, response.body).toBe(201);
    const { payout } = payoutResponseSchema.parse(response.json());
    expect(payout).toMatchObject({ status: 'failed', paidAt: null, failureReason: expect.any(String) });

    expect(await earningsOf(mentor)).toMatchObject({ available: SHARE, paidOut: 0 });
    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mentor.id), eq(notifications.type, 'payout_failed')));
    expect(notice?.message).toBe(payoutMessages.failedNotice(SHARE, payout.failureReason!));
    const kinds = await t.app.db.select({ kind: ledgerTransactions.kind }).from(ledgerTransactions);
    expect(kinds.map((row) => row.kind)).toEqual(expect.arrayContaining(['payout', 'payout_failed']));
    expect((await ledgerCheck()).balanced).toBe(true);

    // The money is back: it can be paid out again, to a method that works.
    await saveMethod(mentor, { type: 'upi', vpa: 'ravi@okhdfc' });
    const again = await payOut(mentor, SHARE);
    expect(payoutResponseSchema.parse(again.json()).payout.status).toBe('paid');
    expect(await earningsOf(mentor)).toMatchObject({ available: 0, paidOut: SHARE });
    expect((await ledgerCheck()).balanced).toBe(true);
  });
});
