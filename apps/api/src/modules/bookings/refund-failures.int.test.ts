import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminBookingsResponseSchema,
  adminConsoleMessages,
  adminRefundResponseSchema,
} from '@skillroute/shared/admin-console';
import { bookingResponseSchema, type Booking } from '@skillroute/shared/bookings';
import { createPaymentResponseSchema } from '@skillroute/shared/payments';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { adminCookieFor } from '../../../test/assessments';
import { WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { createSandboxPaymentProvider, signSandboxEvent } from '../../adapters/payments/sandbox';
import { adminAudit } from '../../db/schema';
import { refundJob } from './job-types';

/**
 * A refund the provider never takes (DESIGN.md §4b): after the refund job's last retry it is failed, for the
 * payer and in the admin's bookings list, and an admin may ask for it again. The sandbox stands in for the
 * provider, its refunds made to fail while `refundsDown` is set; the job gives up after one retry here.
 */
const { at } = weekAhead();
const clock = { now: () => at(0, 6) };
const PRICE_PAISE = 150_000;
const webhookSecret = 'sandbox-refund-failures';

let refundsDown = true;
const sandbox = createSandboxPaymentProvider({ webhookSecret });
const provider: PaymentProvider = {
  ...sandbox,
  async refund(input) {
    if (refundsDown) throw new Error('the provider is down');
    return sandbox.refund(input);
  },
};

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    paymentProvider: provider,
    jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, refundRetryLimit: 1 },
    env: { RATE_LIMIT_MAX: '1000000' },
  });
  adminCookie = await adminCookieFor(t);
});
afterAll(() => t.close());

const signedIn = (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
const post = (cookie: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const detail = async (who: SignedInPerson, id: string): Promise<Booking> =>
  bookingResponseSchema.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/bookings/detail/${id}`,
        headers: { cookie: who.cookie },
      })
    ).json(),
  ).booking;
const inAdminList = async (id: string): Promise<Booking | undefined> => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/bookings?status=cancelled',
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminBookingsResponseSchema.parse(response.json()).bookings.find((booking) => booking.id === id);
};

function deliver(kind: 'payment_succeeded' | 'payment_refunded', paymentId: string) {
  const event = signSandboxEvent(webhookSecret, { kind, paymentId, amount: PRICE_PAISE, currency: 'INR' });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: event.headers,
    payload: event.body,
  });
}

/** A confirmed, paid booking that its mentor then cancels: a full refund is decided and asked of the provider. */
async function cancelledByMentor(startHour: number) {
  const mentorId = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  const mentor = await signedIn({ id: mentorId, email: `${mentorId}@example.org`, role: 'mentor' });
  const mentee = await signedIn(await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org` }));
  const held = await post(mentee.cookie, '/api/bookings', {
    mentorId,
    startTime: at(2, startHour).toISOString(),
  });
  expect(held.statusCode, held.body).toBe(201);
  const booking = bookingResponseSchema.parse(held.json()).booking;
  const created = await post(mentee.cookie, '/api/payments/create', { bookingId: booking.id });
  expect(created.statusCode, created.body).toBe(200);
  const paid = await deliver(
    'payment_succeeded',
    createPaymentResponseSchema.parse(created.json()).paymentId,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const cancelled = await post(mentor.cookie, `/api/bookings/${booking.id}/cancel`, {
    reason: 'I am unwell',
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return { mentee, booking, paymentId: createPaymentResponseSchema.parse(created.json()).paymentId };
}

/** The refund job waits 30 s before its first ask (the request asked at once already); a test does not. */
async function refundJobDueNow(bookingId: string) {
  await t.app.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${refundJob.name} and singleton_key = ${bookingId} and state < 'active'`,
  );
  t.app.jobs.wake(refundJob.name);
}

describe('a refund the provider never takes', () => {
  let failed: { mentee: SignedInPerson; booking: Booking; paymentId: string };

  beforeAll(async () => {
    refundsDown = true;
    failed = await cancelledByMentor(10);
  });

  it('is pending while the job retries, then failed for the payer and in the admin list', async () => {
    const { mentee, booking } = failed;
    expect((await detail(mentee, booking.id)).refund?.status).toBe('pending');
    await refundJobDueNow(booking.id);
    await vi.waitFor(async () => expect((await detail(mentee, booking.id)).refund?.status).toBe('failed'), {
      timeout: 20_000,
      interval: 250,
    });
    expect((await inAdminList(booking.id))?.refund).toEqual({
      amount: PRICE_PAISE,
      status: 'failed',
      reason: 'cancelled_by_mentor',
    });
  });

  it('cannot be retried by anyone but an admin', async () => {
    const { mentee, booking } = failed;
    const response = await post(mentee.cookie, `/api/admin/bookings/${booking.id}/refund/retry`);
    expect(response.statusCode).toBe(401);
    expect((await detail(mentee, booking.id)).refund?.status).toBe('failed');
  });

  it('is asked again when an admin retries it: pending, then refunded once the provider works, and audited', async () => {
    const { mentee, booking } = failed;
    refundsDown = false;
    const response = await post(adminCookie, `/api/admin/bookings/${booking.id}/refund/retry`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = adminRefundResponseSchema.parse(response.json());
    expect(answer.refund).toEqual({ amount: PRICE_PAISE, currency: 'INR', status: 'pending' });
    // The refund job may already have asked the provider by the time the booking is read for the answer.
    expect(['pending', 'succeeded']).toContain(answer.booking.refund?.status);
    await vi.waitFor(
      async () => expect((await detail(mentee, booking.id)).refund?.status).toBe('succeeded'),
      { timeout: 20_000, interval: 250 },
    );
    expect((await inAdminList(booking.id))?.refund?.status).toBe('succeeded');
    expect(
      await t.app.db
        .select({ action: adminAudit.action, details: adminAudit.details })
        .from(adminAudit)
        .where(and(eq(adminAudit.targetId, booking.id), eq(adminAudit.action, 'booking.refund_retry'))),
    ).toEqual([
      {
        action: 'booking.refund_retry',
        details: {
          amount: PRICE_PAISE,
          mentee: expect.any(String),
          mentor: expect.any(String),
          startTime: expect.any(String),
        },
      },
    ]);
  });

  it('refuses to retry a refund that is not failed with 409, and changes nothing', async () => {
    const { mentee, booking } = failed;
    const settled = await post(adminCookie, `/api/admin/bookings/${booking.id}/refund/retry`);
    expect(settled.statusCode).toBe(409);
    expect(settled.json()).toEqual({
      message: adminConsoleMessages.refundNotFailed,
      errors: [{ message: adminConsoleMessages.refundNotFailed }],
    });
    expect((await detail(mentee, booking.id)).refund?.status).toBe('succeeded');

    // A refund still being asked for is not failed either.
    refundsDown = true;
    const pending = await cancelledByMentor(12);
    expect((await detail(pending.mentee, pending.booking.id)).refund?.status).toBe('pending');
    const response = await post(adminCookie, `/api/admin/bookings/${pending.booking.id}/refund/retry`);
    expect(response.statusCode).toBe(409);
    expect((await detail(pending.mentee, pending.booking.id)).refund?.status).toBe('pending');
  });

  it('is settled after all when the provider reports the refund made (an ask that timed out had reached it)', async () => {
    refundsDown = true;
    const late = await cancelledByMentor(14);
    await refundJobDueNow(late.booking.id);
    await vi.waitFor(
      async () => expect((await detail(late.mentee, late.booking.id)).refund?.status).toBe('failed'),
      { timeout: 20_000, interval: 250 },
    );
    const settled = await deliver('payment_refunded', late.paymentId);
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await detail(late.mentee, late.booking.id)).refund?.status).toBe('succeeded');
  });
});
