import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Razorpay from 'razorpay';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '@skillroute/shared/bookings';
import {
  earningsResponseSchema,
  ledgerCheckResponseSchema,
  payoutMessages,
  payoutResponseSchema,
  splitPrice,
} from '@skillroute/shared/earnings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createPaymentResponseSchema, paymentMessages } from '@skillroute/shared/payments';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { adminCookieFor } from '../../../test/assessments';
import { HOUR_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { startFakeHttpApi, type FakeHttpApi } from '../../../test/fake-http-api';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { createRazorpayPaymentProvider } from '../../adapters/payments/razorpay';
import { createStripePaymentProvider, STRIPE_UPI_REASON } from '../../adapters/payments/stripe';
import { notifications, paymentEvents, payoutAccounts, payouts } from '../../db/schema';
import { completeBooking } from '../bookings/jobs';

/**
 * Payouts through Razorpay Route and Stripe Connect (decision 057), end to end: the real adapters behind the
 * real routes, their SDKs talking to a fake of the vendor's API on loopback (through a proxy that can cut the
 * line), and every transfer webhook signed at test time the way the vendor signs it.
 */
const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
const PRICE_PAISE = 220_000;
const SHARE = splitPrice(PRICE_PAISE, { platformFeePercent: 10, gstPercent: 18 }).mentorShare;
const PART = 60_000;
const BANK = { type: 'bank', accountName: 'Ravi Kumar', accountNumber: '001234567890', ifsc: 'HDFC0001234' };

let api: FakeHttpApi;
let proxy: TcpProxy;
beforeAll(async () => {
  api = await startFakeHttpApi();
  proxy = await startTcpProxy(api.port);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });
const signedIn = (t: TestApp, user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

/**
 * A mentor whose one session was paid through the provider (`pay` delivers its success webhook) and completed:
 * its share is available to pay out. Signed in again after the clock moved past the session.
 */
async function mentorWithSessionCompleted(
  t: TestApp,
  pay: (paymentId: string) => Promise<void>,
): Promise<SignedInPerson> {
  nowMs = at(0, 6).getTime();
  const mentorId = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  const mentee = await signedIn(t, await createUser(t.app.db, { email: `m-${randomUUID()}@example.org` }));
  const held = await call(t, 'POST', '/api/bookings', mentee.cookie, {
    mentorId,
    startTime: at(2, 10).toISOString(),
  });
  expect(held.statusCode, held.body).toBe(201);
  const { booking } = bookingResponseSchema.parse(held.json());
  const created = await call(t, 'POST', '/api/payments/create', mentee.cookie, { bookingId: booking.id });
  expect(created.statusCode, created.body).toBe(200);
  await pay(createPaymentResponseSchema.parse(created.json()).paymentId);
  nowMs = Date.parse(booking.endTime) + HOUR_MS;
  await completeBooking(t.app.services, { bookingId: booking.id });
  const mentor = await signedIn(t, { id: mentorId, email: `${mentorId}@example.org`, role: 'mentor' });
  expect((await call(t, 'PUT', '/api/earnings/payout-method', mentor.cookie, BANK)).statusCode).toBe(200);
  return mentor;
}

const earningsOf = async (t: TestApp, mentor: SignedInPerson) => {
  const response = await call(t, 'GET', '/api/earnings', mentor.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return earningsResponseSchema.parse(response.json());
};
async function payOut(t: TestApp, mentor: SignedInPerson, amount: number) {
  const response = await call(t, 'POST', '/api/earnings/payouts', mentor.cookie, { amount });
  expect(response.statusCode, response.body).toBe(201);
  return payoutResponseSchema.parse(response.json()).payout;
}
const payoutRow = async (t: TestApp, id: string) =>
  (await t.app.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const eventsOf = (t: TestApp, provider: string, eventId: string) =>
  t.app.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
async function expectBalanced(t: TestApp) {
  const check = await t.app.inject({
    method: 'GET',
    url: '/api/admin/ledger/check',
    headers: { cookie: await adminCookieFor(t) },
  });
  expect(ledgerCheckResponseSchema.parse(check.json()).balanced).toBe(true);
}

describe('Razorpay Route payouts', () => {
  const webhookSecret = 'whsec-razorpay-payouts';
  let t: TestApp;
  beforeAll(async () => {
    const provider = createRazorpayPaymentProvider({
      keyId: 'rzp_test_key',
      keySecret: 'key-secret',
      webhookSecret,
      baseUrl: `http://127.0.0.1:${proxy.port}`,
      timeoutMs: 1_000,
    });
    t = await buildTestApp({ clock, paymentProvider: provider, env: { RATE_LIMIT_MAX: '1000000' } });
  });
  afterAll(() => t.close());

  /** A webhook as Razorpay sends it, signed over exactly these bytes (the SDK's own check agrees). */
  function deliver(event: string, payload: Record<string, unknown>, secret = webhookSecret) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_platform',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: 1_700_000_000,
    });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    expect(Razorpay.validateWebhookSignature(body, signature, secret)).toBe(true);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
  }
  const transferEvent = (event: string, transfer: { id: string; payoutId?: string; error?: string }) =>
    deliver(event, {
      transfer: {
        entity: {
          id: transfer.id,
          entity: 'transfer',
          status: event.slice('transfer.'.length),
          amount: PART,
          currency: 'INR',
          notes: transfer.payoutId === undefined ? [] : { payoutId: transfer.payoutId },
          error: transfer.error === undefined ? null : { description: transfer.error },
        },
      },
    });

  const mentorWithAvailable = () =>
    mentorWithSessionCompleted(t, async (orderId) => {
      const captured = await deliver('payment.captured', {
        payment: {
          entity: {
            id: `pay_${randomUUID().slice(0, 8)}`,
            order_id: orderId,
            amount: PRICE_PAISE,
            currency: 'INR',
            status: 'captured',
          },
        },
      });
      expect(captured.statusCode, captured.body).toBe(200);
    });
  const answerOrder = () =>
    api.answer('POST', '/v1/orders', {
      json: {
        id: `order_${randomUUID().slice(0, 8)}`,
        entity: 'order',
        amount: PRICE_PAISE,
        currency: 'INR',
      },
    });

  it('opens the linked account once, transfers with the payout id, and settles on transfer.processed and transfer.failed', async () => {
    answerOrder();
    const mentor = await mentorWithAvailable();
    api.requests.length = 0;
    api.answer('POST', '/v2/accounts', { json: { id: 'acc_RouteA', type: 'route', status: 'created' } });
    api.answer('POST', '/v1/transfers', [
      { json: { id: 'trf_A', entity: 'transfer', status: 'pending' } },
      { json: { id: 'trf_B', entity: 'transfer', status: 'pending' } },
    ]);

    const first = await payOut(t, mentor, PART);
    const second = await payOut(t, mentor, PART);
    // Route transfers settle later: both wait for their webhook, their money already out of available.
    expect([first.status, second.status]).toEqual(['requested', 'requested']);
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v2/accounts',
      '/v1/transfers',
      '/v1/transfers',
    ]);
    expect(api.requests.slice(1).map((request) => request.headers['x-transfer-idempotency'])).toEqual([
      first.id,
      second.id,
    ]);
    expect(JSON.parse(api.requests[1]?.body ?? '')).toEqual({
      account: 'acc_RouteA',
      amount: PART,
      currency: 'INR',
      notes: { payoutId: first.id },
    });
    const accounts = await t.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.mentorId, mentor.id));
    expect(accounts).toMatchObject([{ provider: 'razorpay', providerAccountId: 'acc_RouteA' }]);
    expect(JSON.stringify(accounts)).not.toContain(BANK.accountNumber);
    expect(await payoutRow(t, first.id)).toMatchObject({ status: 'requested', providerPayoutId: 'trf_A' });
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - 2 * PART, paidOut: 2 * PART });

    // Paid; the same event again changes nothing.
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const processed = await transferEvent('transfer.processed', { id: 'trf_A', payoutId: first.id });
      expect(processed.statusCode, processed.body).toBe(200);
    }
    expect(await payoutRow(t, first.id)).toMatchObject({ status: 'paid', paidAt: clock.now() });
    expect(await eventsOf(t, 'razorpay', 'transfer.processed:trf_A')).toMatchObject([{ outcome: 'paid' }]);

    // Failed: its money is available again, and the mentor is told.
    const failed = await transferEvent('transfer.failed', {
      id: 'trf_B',
      error: 'The beneficiary bank is down',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const reason = 'Razorpay could not complete the transfer: The beneficiary bank is down';
    expect(await payoutRow(t, second.id)).toMatchObject({ status: 'failed', failureReason: reason });
    const earnings = await earningsOf(t, mentor);
    expect(earnings).toMatchObject({ available: SHARE - PART, paidOut: PART });
    expect(earnings.payouts.map((payout) => [payout.id, payout.status]).sort()).toEqual(
      [
        [first.id, 'paid'],
        [second.id, 'failed'],
      ].sort(),
    );
    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mentor.id), eq(notifications.type, 'payout_failed')));
    expect(notice?.message).toBe(payoutMessages.failedNotice(PART, reason));

    // A late processed event for the failed transfer changes nothing: a payout settles once.
    expect((await transferEvent('transfer.processed', { id: 'trf_B' })).statusCode).toBe(200);
    expect(await payoutRow(t, second.id)).toMatchObject({ status: 'failed' });
    expect(await eventsOf(t, 'razorpay', 'transfer.processed:trf_B')).toMatchObject([
      { outcome: 'payout_already_settled' },
    ]);
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - PART, paidOut: PART });
    await expectBalanced(t);
  });

  it('fails a payout Razorpay refuses at once, returning its money', async () => {
    answerOrder();
    const mentor = await mentorWithAvailable();
    api.answer('POST', '/v2/accounts', { json: { id: 'acc_RouteB', type: 'route', status: 'created' } });
    api.answer('POST', '/v1/transfers', {
      status: 400,
      json: { error: { code: 'BAD_REQUEST_ERROR', description: 'Linked account is not activated' } },
    });
    const payout = await payOut(t, mentor, PART);
    expect(payout).toMatchObject({
      status: 'failed',
      failureReason: 'Razorpay refused the transfer: Linked account is not activated',
    });
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE, paidOut: 0 });
    await expectBalanced(t);
  });

  it('leaves a payout requested while Razorpay does not answer; its webhook later settles it by the payout id', async () => {
    answerOrder();
    const mentor = await mentorWithAvailable();
    proxy.cut();
    let payout;
    try {
      payout = await payOut(t, mentor, PART);
    } finally {
      proxy.restore();
    }
    expect(payout.status).toBe('requested');
    expect(await payoutRow(t, payout.id)).toMatchObject({ status: 'requested', providerPayoutId: null });
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - PART, paidOut: PART });
    expect(t.logs.some((line) => line.msg === 'the payout provider did not answer')).toBe(true);

    const processed = await transferEvent('transfer.processed', { id: 'trf_Late', payoutId: payout.id });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(await payoutRow(t, payout.id)).toMatchObject({ status: 'paid', providerPayoutId: 'trf_Late' });
  });

  it('refuses a bad signature and a malformed signed body with 400, and records an unknown transfer as ignored', async () => {
    const forged = await deliver(
      'transfer.processed',
      { transfer: { entity: { id: 'trf_Forged', notes: [] } } },
      'another-secret',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorEnvelope>().message).toBe(paymentMessages.badSignature);
    expect(await eventsOf(t, 'razorpay', 'transfer.processed:trf_Forged')).toEqual([]);

    const malformed = await deliver('transfer.failed', { transfer: { entity: { status: 'failed' } } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorEnvelope>().message).toBe(paymentMessages.malformedWebhook);

    expect((await transferEvent('transfer.processed', { id: 'trf_X' })).statusCode).toBe(200);
    expect(await eventsOf(t, 'razorpay', 'transfer.processed:trf_X')).toMatchObject([
      { outcome: 'unknown_payout', bookingId: null },
    ]);
  });
});

describe('Stripe Connect payouts', () => {
  const webhookSecret = 'whsec_stripe_payouts';
  const { webhooks } = new Stripe('sk_test_key');
  let t: TestApp;
  beforeAll(async () => {
    const provider = createStripePaymentProvider({
      secretKey: 'sk_test_key',
      webhookSecret,
      publishableKey: 'pk_test_key',
      api: { host: '127.0.0.1', port: proxy.port, protocol: 'http' },
      timeoutMs: 1_000,
    });
    t = await buildTestApp({ clock, paymentProvider: provider, env: { RATE_LIMIT_MAX: '1000000' } });
  });
  afterAll(() => t.close());

  /** An event as Stripe sends it, signed at test time with the SDK's own helper. */
  function deliver(
    type: string,
    object: Record<string, unknown>,
    eventId = `evt_${randomUUID()}`,
    secret = webhookSecret,
  ) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-01-01',
      created: 1_700_000_000,
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: null,
    });
    const signature = webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }
  const transfer = (id: string, payoutId: string, overrides: Record<string, unknown> = {}) => ({
    id,
    object: 'transfer',
    amount: PART,
    currency: 'inr',
    destination: 'acct_1',
    reversed: false,
    metadata: { payoutId },
    ...overrides,
  });

  async function mentorWithAvailable() {
    const intentId = `pi_${randomUUID().replaceAll('-', '')}`;
    api.answer('POST', '/v1/payment_intents', {
      json: {
        id: intentId,
        object: 'payment_intent',
        amount: PRICE_PAISE,
        currency: 'inr',
        client_secret: `${intentId}_secret`,
        status: 'requires_payment_method',
      },
    });
    return mentorWithSessionCompleted(t, async (paymentId) => {
      const succeeded = await deliver('payment_intent.succeeded', {
        id: paymentId,
        object: 'payment_intent',
        amount: PRICE_PAISE,
        amount_received: PRICE_PAISE,
        currency: 'inr',
        status: 'succeeded',
      });
      expect(succeeded.statusCode, succeeded.body).toBe(200);
    });
  }

  it('opens the connected account once and transfers with the payout id as idempotency key, paid at once; a UPI ID fails without Stripe', async () => {
    const mentor = await mentorWithAvailable();
    api.requests.length = 0;
    api.answer('POST', '/v1/accounts', { json: { id: 'acct_A', object: 'account', type: 'custom' } });
    api.answer('POST', '/v1/transfers', [
      { json: { id: 'tr_A1', object: 'transfer', amount: PART, currency: 'inr' } },
      { json: { id: 'tr_A2', object: 'transfer', amount: PART, currency: 'inr' } },
    ]);
    const first = await payOut(t, mentor, PART);
    const second = await payOut(t, mentor, PART);
    expect([first.status, second.status]).toEqual(['paid', 'paid']);
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v1/accounts',
      '/v1/transfers',
      '/v1/transfers',
    ]);
    expect(api.requests.slice(1).map((request) => request.headers['idempotency-key'])).toEqual([
      first.id,
      second.id,
    ]);
    expect(Object.fromEntries(new URLSearchParams(api.requests[1]?.body ?? ''))).toEqual({
      amount: String(PART),
      currency: 'inr',
      destination: 'acct_A',
      'metadata[payoutId]': first.id,
    });
    expect(await payoutRow(t, first.id)).toMatchObject({ providerPayoutId: 'tr_A1' });
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - 2 * PART, paidOut: 2 * PART });

    // transfer.created for a payout already paid by the call's answer changes nothing.
    expect((await deliver('transfer.created', transfer('tr_A1', first.id))).statusCode).toBe(200);
    expect(await payoutRow(t, first.id)).toMatchObject({ status: 'paid' });

    api.requests.length = 0;
    expect(
      (
        await call(t, 'PUT', '/api/earnings/payout-method', mentor.cookie, {
          type: 'upi',
          vpa: 'ravi@okhdfc',
        })
      ).statusCode,
    ).toBe(200);
    const upi = await payOut(t, mentor, SHARE - 2 * PART);
    expect(upi).toMatchObject({ status: 'failed', failureReason: STRIPE_UPI_REASON });
    expect(api.requests).toEqual([]);
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - 2 * PART, paidOut: 2 * PART });
    await expectBalanced(t);
  });

  it('leaves payouts requested while Stripe does not answer; transfer.created pays one (once), transfer.reversed fails the other', async () => {
    const mentor = await mentorWithAvailable();
    proxy.cut();
    let first;
    let second;
    try {
      first = await payOut(t, mentor, PART);
      second = await payOut(t, mentor, PART);
    } finally {
      proxy.restore();
    }
    expect([first.status, second.status]).toEqual(['requested', 'requested']);
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - 2 * PART, paidOut: 2 * PART });

    const eventId = `evt_${randomUUID()}`;
    for (let delivery = 0; delivery < 2; delivery += 1)
      expect((await deliver('transfer.created', transfer('tr_B1', first.id), eventId)).statusCode).toBe(200);
    expect(await payoutRow(t, first.id)).toMatchObject({ status: 'paid', providerPayoutId: 'tr_B1' });
    expect(await eventsOf(t, 'stripe', eventId)).toMatchObject([{ outcome: 'paid', kind: 'payout_paid' }]);

    const reversed = await deliver('transfer.reversed', transfer('tr_B2', second.id, { reversed: true }));
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await payoutRow(t, second.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Stripe reversed the transfer to your account',
    });
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - PART, paidOut: PART });

    // Once failed, a later transfer.created for it changes nothing.
    expect((await deliver('transfer.created', transfer('tr_B2', second.id))).statusCode).toBe(200);
    expect(await payoutRow(t, second.id)).toMatchObject({ status: 'failed' });
    expect(await earningsOf(t, mentor)).toMatchObject({ available: SHARE - PART, paidOut: PART });
    await expectBalanced(t);
  });

  it('refuses a bad signature and a malformed signed transfer event with 400', async () => {
    const forged = await deliver(
      'transfer.created',
      transfer('tr_F', randomUUID()),
      'evt_forged',
      'whsec_other',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorEnvelope>().message).toBe(paymentMessages.badSignature);
    const malformed = await deliver('transfer.created', { object: 'transfer', amount: PART });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorEnvelope>().message).toBe(paymentMessages.malformedWebhook);
    expect(await eventsOf(t, 'stripe', 'evt_forged')).toEqual([]);
  });
});
