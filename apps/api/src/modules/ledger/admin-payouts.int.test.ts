import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardResponseSchema, type DashboardResponse } from '@skillroute/shared/admin-console';
import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  adminPayoutMessages,
  adminPayoutRetryResponseSchema,
  adminPayoutsResponseSchema,
} from '@skillroute/shared/admin-payouts';
import type { Booking } from '@skillroute/shared/bookings';
import {
  earningsResponseSchema,
  ledgerCheckResponseSchema,
  payoutResponseSchema,
  splitPrice,
} from '@skillroute/shared/earnings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { HOUR_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { bookAndPay } from '../../../test/payments';
import { createMentor } from '../../../test/mentors';
import { within } from '../../context/service-context';
import { cookieNames } from '../../lib/cookies';
import { openSession } from '../../sessions/service';
import { createOrUpdateAdmin } from '../admin/service';
import { adminAudit, payouts } from '../../db/schema';
import { completeBooking } from '../bookings/jobs';
import {
  payMentorBalance,
  queueWeeklyPayouts,
  resolveUnansweredPayouts,
  UNANSWERED_AFTER_MS,
} from './payout-jobs';
import { openPayout } from './payouts';

const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
const PRICE_PAISE = 110_000;
const SPLIT = splitPrice(PRICE_PAISE, { platformFeePercent: 10, gstPercent: 18 });
const SHARE = SPLIT.mentorShare;
const MINIMUM = 50_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());

const signedIn = (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie === undefined ? {} : { cookie }, payload });
let adminId: string;
/** An admin session opened at the clock's time, as sign-in opens one (sign-in itself is rate limited). */
async function adminCookie(): Promise<string> {
  adminId ??= (
    await createOrUpdateAdmin(t.app.db, {
      email: 'root@skillroute.dev',
      password: 'correct-horse-42',
      name: 'Root',
    })
  ).admin.id;
  const tokens = await openSession(
    t.app.db,
    t.config.adminJwtSecret,
    { sub: adminId, email: 'root@skillroute.dev', role: 'admin' },
    { userAgent: 'vitest', ip: '127.0.0.1' },
    clock.now(),
  );
  return `${cookieNames.admin.access}=${tokens.accessToken}`;
}
const asAdmin = async (method: 'GET' | 'POST', url: string) => call(method, url, await adminCookie());

async function newMentor(name = 'Ravi Kumar'): Promise<SignedInPerson> {
  const email = `mentor-${randomUUID()}@example.org`;
  const id = await createMentor(t.app.db, {
    name,
    email,
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email, role: 'mentor' });
}

/** A session of a new mentor, paid (confirmed) but not yet held. */
async function paidSession(): Promise<{ mentor: SignedInPerson; booking: Booking }> {
  nowMs = at(0, 6).getTime();
  const mentor = await newMentor();
  const mentee = await signedIn(await createUser(t.app.db, { email: `m-${randomUUID()}@example.org` }));
  const booking = await bookAndPay(t, {
    menteeCookie: mentee.cookie,
    mentorId: mentor.id,
    start: at(2, 10),
    amount: PRICE_PAISE,
  });
  return { mentor, booking };
}

async function holdSession(mentor: SignedInPerson, booking: Booking): Promise<SignedInPerson> {
  nowMs = Date.parse(booking.endTime) + HOUR_MS;
  await completeBooking(t.app.services, { bookingId: booking.id });
  return signedIn(mentor);
}

/** A mentor with one session paid and held, and a UPI ID: its share is available to pay out. */
async function mentorWithAvailable(vpa = 'ravi@okhdfc'): Promise<SignedInPerson> {
  const { mentor, booking } = await paidSession();
  const held = await holdSession(mentor, booking);
  expect((await saveMethod(held, vpa)).statusCode).toBe(200);
  return held;
}

const saveMethod = (mentor: SignedInPerson, vpa: string) =>
  call('PUT', '/api/earnings/payout-method', mentor.cookie, { type: 'upi', vpa });
const earningsOf = async (mentor: SignedInPerson) =>
  earningsResponseSchema.parse((await call('GET', '/api/earnings', mentor.cookie)).json());
const payoutRowsOf = (mentorId: string) =>
  t.app.db.select().from(payouts).where(eq(payouts.mentorId, mentorId));
const ledgerBalanced = async () =>
  ledgerCheckResponseSchema.parse((await asAdmin('GET', '/api/admin/ledger/check')).json()).balanced;
async function totals(): Promise<DashboardResponse['totals']> {
  const response = await asAdmin('GET', '/api/admin/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return dashboardResponseSchema.parse(response.json()).totals;
}

/** A mentor whose payout to a UPI ID with "fail" in it failed: its money is back in available. */
async function failedPayoutOf(mentor: SignedInPerson, amount = SHARE) {
  expect((await saveMethod(mentor, 'will.fail@okhdfc')).statusCode).toBe(200);
  const response = await call('POST', '/api/earnings/payouts', mentor.cookie, { amount });
  const { payout } = payoutResponseSchema.parse(response.json());
  expect(payout.status).toBe('failed');
  return payout;
}

describe('who may call the admin payouts', () => {
  it('refuses no cookie and a user’s cookie with 401, and bad input with 400', async () => {
    const mentor = await newMentor();
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/admin/payouts'],
      ['POST', `/api/admin/payouts/${randomUUID()}/retry`],
    ];
    for (const [method, url] of routes)
      for (const cookie of [undefined, mentor.cookie]) {
        const response = await call(method, url, cookie);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }

    for (const [url, message] of [
      ['/api/admin/payouts?status=sent', adminPayoutMessages.statusUnknown],
      ['/api/admin/payouts?page=0', 'Page is a whole number from 1'],
      ['/api/admin/payouts?page=two', 'Page is a whole number from 1'],
    ] as const) {
      const response = await asAdmin('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain(message);
    }
    const badId = await asAdmin('POST', '/api/admin/payouts/not-a-uuid/retry');
    expect(badId.statusCode).toBe(400);
    const unknown = await asAdmin('POST', `/api/admin/payouts/${randomUUID()}/retry`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorEnvelope>().message).toBe(adminPayoutMessages.notFound);
  });
});

describe('GET /api/admin/payouts', () => {
  it('lists every payout latest first with its mentor, filtered by status, a page at a time', async () => {
    const mentor = await newMentor('Asha Rao');
    const base = at(0, 1).getTime();
    const statuses = ['paid', 'failed', 'requested'] as const;
    // 25 payouts a minute apart: paid, failed, requested, paid, ...
    await t.app.db.insert(payouts).values(
      Array.from({ length: 25 }, (_unused, index) => ({
        mentorId: mentor.id,
        amount: 50_000 + index,
        status: statuses[index % 3]!,
        method: { type: 'upi' as const, vpa: 'as•••@okaxis' },
        providerPayoutId: `sbx_${index}`,
        failureReason: index % 3 === 1 ? 'the bank declined the UPI ID' : null,
        requestedAt: new Date(base + index * 60_000),
        paidAt: index % 3 === 0 ? new Date(base + index * 60_000 + 1000) : null,
      })),
    );

    const first = adminPayoutsResponseSchema.parse((await asAdmin('GET', '/api/admin/payouts')).json());
    expect(first.total).toBeGreaterThanOrEqual(25);
    expect(first).toMatchObject({ page: 1, limit: ADMIN_PAYOUTS_PAGE_SIZE });
    expect(first.payouts).toHaveLength(ADMIN_PAYOUTS_PAGE_SIZE);
    const times = first.payouts.map((payout) => payout.requestedAt);
    expect(times).toEqual([...times].sort().reverse());

    const failed = adminPayoutsResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/payouts?status=failed')).json(),
    );
    const mine = failed.payouts.filter((payout) => payout.mentor.id === mentor.id);
    expect(mine).toHaveLength(8);
    expect(failed.payouts.every((payout) => payout.status === 'failed')).toBe(true);
    expect(mine[0]).toEqual({
      id: expect.any(String),
      mentor: { id: mentor.id, name: 'Asha Rao', email: mentor.email },
      amount: 50_022,
      status: 'failed',
      method: { type: 'upi', vpa: 'as•••@okaxis' },
      requestedAt: new Date(base + 22 * 60_000).toISOString(),
      paidAt: null,
      failureReason: 'the bank declined the UPI ID',
      retryOf: null,
      retriedBy: null,
    });

    // Page 2 of the paid ones holds the rest, none repeated.
    const paidTotal = adminPayoutsResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/payouts?status=paid')).json(),
    ).total;
    const pages = await Promise.all(
      [1, 2].map(async (page) =>
        adminPayoutsResponseSchema.parse(
          (await asAdmin('GET', `/api/admin/payouts?status=paid&page=${page}`)).json(),
        ),
      ),
    );
    const ids = pages.flatMap((page) => page.payouts.map((payout) => payout.id));
    expect(new Set(ids).size).toBe(Math.min(paidTotal, 2 * ADMIN_PAYOUTS_PAGE_SIZE));
    const far = adminPayoutsResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/payouts?page=999')).json(),
    );
    expect(far.payouts).toEqual([]);
  });
});

describe('POST /api/admin/payouts/:id/retry', () => {
  it('pays a failed payout again as a new linked payout, once, audited, the ledger balanced', async () => {
    const mentor = await mentorWithAvailable();
    const failed = await failedPayoutOf(mentor);
    expect(await earningsOf(mentor)).toMatchObject({ available: SHARE, paidOut: 0 });

    // The mentor fixes the UPI ID; the admin retries.
    await saveMethod(mentor, 'ravi@okhdfc');
    const response = await asAdmin('POST', `/api/admin/payouts/${failed.id}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    const { payout } = adminPayoutRetryResponseSchema.parse(response.json());
    expect(payout).toMatchObject({
      amount: SHARE,
      status: 'paid',
      retryOf: failed.id,
      retriedBy: null,
      method: { type: 'upi', vpa: 'ra•••@okhdfc' },
      mentor: { id: mentor.id },
    });
    expect(payout.id).not.toBe(failed.id);
    expect(await earningsOf(mentor)).toMatchObject({ available: 0, paidOut: SHARE });
    expect(await ledgerBalanced()).toBe(true);

    const [entry] = await t.app.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'payout.retry'), eq(adminAudit.targetId, failed.id)));
    expect(entry).toMatchObject({
      targetType: 'payout',
      details: { name: 'Ravi Kumar', email: mentor.email, amount: SHARE, retry: payout.id },
    });

    // The list shows the failed one as retried; a second retry is refused.
    const list = adminPayoutsResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/payouts?status=failed')).json(),
    );
    expect(list.payouts.find((row) => row.id === failed.id)?.retriedBy).toBe(payout.id);
    const again = await asAdmin('POST', `/api/admin/payouts/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorEnvelope>().message).toBe(adminPayoutMessages.alreadyRetried);
    // Nor is a payout that did not fail.
    const notFailed = await asAdmin('POST', `/api/admin/payouts/${payout.id}/retry`);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json<ErrorEnvelope>().message).toBe(adminPayoutMessages.notFailed);
    expect(await payoutRowsOf(mentor.id)).toHaveLength(2);
  });

  it('retries once when two admins retry at once', async () => {
    const mentor = await mentorWithAvailable();
    // Half the share fails, so enough stays available for two retries: only the link stops the second.
    const failed = await failedPayoutOf(mentor, MINIMUM);
    await saveMethod(mentor, 'ravi@okhdfc');
    const responses = await Promise.all([
      asAdmin('POST', `/api/admin/payouts/${failed.id}/retry`),
      asAdmin('POST', `/api/admin/payouts/${failed.id}/retry`),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await earningsOf(mentor)).toMatchObject({ available: SHARE - MINIMUM, paidOut: MINIMUM });
    expect(await ledgerBalanced()).toBe(true);
  });

  it('refuses with 409 when the amount is no longer available, writing nothing', async () => {
    const mentor = await mentorWithAvailable();
    const failed = await failedPayoutOf(mentor);
    await saveMethod(mentor, 'ravi@okhdfc');
    // The mentor asks for the money themselves first.
    const own = await call('POST', '/api/earnings/payouts', mentor.cookie, { amount: SHARE - 1000 });
    expect(own.statusCode, own.body).toBe(201);

    const response = await asAdmin('POST', `/api/admin/payouts/${failed.id}/retry`);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorEnvelope>().message).toBe(adminPayoutMessages.noLongerAvailable(SHARE, 1000));
    expect(await payoutRowsOf(mentor.id)).toHaveLength(2);
    const audited = await t.app.db.select().from(adminAudit).where(eq(adminAudit.targetId, failed.id));
    expect(audited).toEqual([]);
    expect(await earningsOf(mentor)).toMatchObject({ available: 1000, paidOut: SHARE - 1000 });
  });
});

describe('the dashboard’s money totals', () => {
  it('follow a payment, a completion and a payout', async () => {
    const before = await totals();
    const { mentor, booking } = await paidSession();
    const paid = await totals();
    expect(paid).toMatchObject({
      platformFees: before.platformFees + SPLIT.platformFee,
      gstOnFees: before.gstOnFees + SPLIT.gstOnFee,
      mentorPending: before.mentorPending + SHARE,
      mentorAvailable: before.mentorAvailable,
      paidOut: before.paidOut,
    });

    const held = await holdSession(mentor, booking);
    const completed = await totals();
    expect(completed).toMatchObject({
      mentorPending: before.mentorPending,
      mentorAvailable: before.mentorAvailable + SHARE,
      paidOut: before.paidOut,
    });

    await saveMethod(held, 'ravi@okhdfc');
    expect((await call('POST', '/api/earnings/payouts', held.cookie, { amount: 60_000 })).statusCode).toBe(
      201,
    );
    expect(await totals()).toMatchObject({
      platformFees: before.platformFees + SPLIT.platformFee,
      gstOnFees: before.gstOnFees + SPLIT.gstOnFee,
      mentorPending: before.mentorPending,
      mentorAvailable: before.mentorAvailable + SHARE - 60_000,
      paidOut: before.paidOut + 60_000,
    });
  });
});

describe('the weekly payout job', () => {
  it('pays each whole available balance of at least the minimum once, even when two runs race', async () => {
    const first = await mentorWithAvailable();
    const second = await mentorWithAvailable();
    // One below the minimum (most of it paid out already), one without a method.
    const small = await mentorWithAvailable();
    expect((await call('POST', '/api/earnings/payouts', small.cookie, { amount: MINIMUM })).statusCode).toBe(
      201,
    );
    const { mentor: noMethod, booking } = await paidSession();
    await holdSession(noMethod, booking);

    // The weekly run queues a job for each mentor with enough available and a method: these two at least.
    expect((await queueWeeklyPayouts(t.app.services)).queued).toBeGreaterThanOrEqual(2);
    // Each mentor's job, run twice at once (two processes took it), and once for those with nothing to pay.
    const everyone = [first, second, small, noMethod];
    const runs = await Promise.all(
      everyone.flatMap((mentor) => [
        payMentorBalance(t.app.services, { mentorId: mentor.id }),
        payMentorBalance(t.app.services, { mentorId: mentor.id }),
      ]),
    );
    // The queued jobs may have paid first: at most one payout each for the two, none for the others.
    expect(runs.filter(Boolean).length).toBeLessThanOrEqual(2);

    for (const mentor of [first, second]) {
      const rows = await payoutRowsOf(mentor.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount: SHARE, status: 'paid' });
      expect(await earningsOf(mentor)).toMatchObject({ available: 0, paidOut: SHARE });
    }
    expect(await payoutRowsOf(small.id)).toHaveLength(1);
    expect(await earningsOf(small)).toMatchObject({ available: SHARE - MINIMUM });
    expect(await payoutRowsOf(noMethod.id)).toEqual([]);
    expect(await ledgerBalanced()).toBe(true);

    // A third run finds nothing left of theirs.
    for (const mentor of [first, second]) await payMentorBalance(t.app.services, { mentorId: mentor.id });
    for (const mentor of [first, second]) expect(await payoutRowsOf(mentor.id)).toHaveLength(1);
  });
});

describe('the unanswered payouts job', () => {
  /** A payout opened and committed, its provider never asked: as a crash right after the opening leaves it. */
  const openedOnly = (mentorId: string, amount: number) =>
    t.app.services.unitOfWork(async (uow) => {
      const opened = await openPayout(within(t.app.services, uow), { mentorId, amount });
      if (opened.refusal !== undefined) throw new Error(opened.refusal);
      return opened.payout;
    });
  const rowOf = async (id: string) => (await t.app.db.select().from(payouts).where(eq(payouts.id, id)))[0];

  it('asks the provider again about payouts left requested, after ten minutes, with the same payout', async () => {
    const paying = await mentorWithAvailable();
    const failing = await mentorWithAvailable('will.fail@okhdfc');
    const opened = await openedOnly(paying.id, SHARE);
    const doomed = await openedOnly(failing.id, SHARE);
    expect(await earningsOf(paying)).toMatchObject({ available: 0, paidOut: SHARE });

    // Not yet ten minutes: left alone (the request that opened it may still be asking).
    nowMs = opened.requestedAt.getTime() + UNANSWERED_AFTER_MS - 1000;
    await resolveUnansweredPayouts(t.app.services);
    expect(await rowOf(opened.id)).toMatchObject({ status: 'requested', providerPayoutId: null });

    nowMs = opened.requestedAt.getTime() + UNANSWERED_AFTER_MS + 1000;
    const run = await resolveUnansweredPayouts(t.app.services);
    expect(run.asked).toBeGreaterThanOrEqual(2);
    expect(await rowOf(opened.id)).toMatchObject({ status: 'paid', providerPayoutId: expect.any(String) });
    expect(await rowOf(doomed.id)).toMatchObject({ status: 'failed' });
    expect(await earningsOf(await signedIn(paying))).toMatchObject({ available: 0, paidOut: SHARE });
    expect(await earningsOf(await signedIn(failing))).toMatchObject({ available: SHARE, paidOut: 0 });
    expect(await ledgerBalanced()).toBe(true);

    // Settled payouts are not asked about again.
    const again = await resolveUnansweredPayouts(t.app.services);
    const asked = await t.app.db.select().from(payouts).where(eq(payouts.id, opened.id));
    expect(asked[0]?.status).toBe('paid');
    expect(again.asked).toBeLessThan(run.asked);
  });
});
