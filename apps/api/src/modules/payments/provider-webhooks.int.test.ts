import { createHmac, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import Razorpay from 'razorpay';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingResponseSchema,
  cancelBookingResponseSchema,
  type Booking,
} from '@skillroute/shared/bookings';
import { createPaymentResponseSchema, paymentMessages } from '@skillroute/shared/payments';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { startFakeHttpApi, type FakeHttpApi } from '../../../test/fake-http-api';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { createRazorpayPaymentProvider } from '../../adapters/payments/razorpay';
import { createStripePaymentProvider } from '../../adapters/payments/stripe';
import { bookings, paymentEvents } from '../../db/schema';

/**
 * The real Razorpay and Stripe adapters behind the real webhook route: their SDKs talk to a fake of the
 * vendor's API on loopback, and every webhook is signed at test time the way the vendor signs it (Stripe's
 * own `generateTestHeaderString`; Razorpay's HMAC, checked by its SDK's own `validateWebhookSignature`).
 */
const { at } = weekAhead();
const clock = { now: () => at(0, 6) };
const PRICE_PAISE = 150_000;

let api: FakeHttpApi;
beforeAll(async () => {
  api = await startFakeHttpApi();
});
afterAll(() => api.close());

async function people(t: TestApp): Promise<{ mentor: SignedInPerson; mentee: SignedInPerson }> {
  const mentorId = await createMentor(t.app.db, {
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  const mentee = await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org` });
  return {
    mentor: await signedInAs(
      t.app.db,
      t.config.jwtSecret,
      { id: mentorId, email: `${mentorId}@example.org`, role: 'mentor' },
      clock.now(),
    ),
    mentee: await signedInAs(t.app.db, t.config.jwtSecret, mentee, clock.now()),
  };
}

async function heldAndPaying(t: TestApp, start: Date) {
  const { mentor, mentee } = await people(t);
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: mentee.cookie },
    payload: { mentorId: mentor.id, startTime: start.toISOString() },
  });
  expect(held.statusCode, held.body).toBe(201);
  const booking = bookingResponseSchema.parse(held.json()).booking;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: { cookie: mentee.cookie },
    payload: { bookingId: booking.id },
  });
  expect(created.statusCode, created.body).toBe(200);
  return { mentor, mentee, booking, payment: createPaymentResponseSchema.parse(created.json()) };
}

const statusOf = async (t: TestApp, id: string) =>
  (await t.app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const cancelAsMentor = async (t: TestApp, mentor: SignedInPerson, booking: Booking) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${booking.id}/cancel`,
    headers: { cookie: mentor.cookie },
    payload: { reason: 'I am unwell' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return cancelBookingResponseSchema.parse(response.json());
};

describe('Stripe, through the webhook route', () => {
  const webhookSecret = 'whsec_route_test';
  const { webhooks } = new Stripe('sk_test_key');
  let t: TestApp;
  beforeAll(async () => {
    const provider = createStripePaymentProvider({
      secretKey: 'sk_test_key',
      webhookSecret,
      publishableKey: 'pk_test_key',
      api: { host: api.host, port: api.port, protocol: 'http' },
    });
    t = await buildTestApp({ clock, paymentProvider: provider, env: { RATE_LIMIT_MAX: '1000000' } });
  });
  afterAll(() => t.close());

  function deliver(type: string, object: Record<string, unknown>, eventId = `evt_${randomUUID()}`) {
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
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  /** Any event body, signed as Stripe signs: a correct signature over whatever shape. */
  function deliverEvent(event: Record<string, unknown>) {
    const payload = JSON.stringify({ object: 'event', created: 1_700_000_000, livemode: false, ...event });
    const signature = webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('confirms on payment_intent.succeeded, refunds through Stripe with the booking’s key, and settles on charge.refunded', async () => {
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
    const { mentor, booking, payment } = await heldAndPaying(t, at(2, 10));
    expect(payment).toMatchObject({
      provider: 'stripe',
      paymentId: intentId,
      clientSecret: `${intentId}_secret`,
      publishableKey: 'pk_test_key',
    });
    expect(
      api.requests.find((request) => request.path === '/v1/payment_intents')?.headers['idempotency-key'],
    ).toBe(booking.id);

    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: PRICE_PAISE,
      amount_received: PRICE_PAISE,
      currency: 'inr',
      status: 'succeeded',
      metadata: { bookingId: booking.id },
    };
    expect((await deliver('payment_intent.succeeded', intent)).statusCode).toBe(200);
    expect((await statusOf(t, booking.id))?.status).toBe('confirmed');

    // Stripe answers the refund as pending; the charge.refunded event settles it.
    api.answer('POST', '/v1/refunds', {
      json: {
        id: 're_1',
        object: 'refund',
        amount: PRICE_PAISE,
        currency: 'inr',
        status: 'pending',
        payment_intent: intentId,
      },
    });
    const cancelled = await cancelAsMentor(t, mentor, booking);
    expect(cancelled.refund).toEqual({ amount: PRICE_PAISE, currency: 'INR', status: 'pending' });
    const refundRequest = api.requests.find((request) => request.path === '/v1/refunds');
    expect(refundRequest?.headers['idempotency-key']).toBe(`refund-${booking.id}`);
    expect(Object.fromEntries(new URLSearchParams(refundRequest?.body ?? ''))).toMatchObject({
      payment_intent: intentId,
      amount: String(PRICE_PAISE),
    });

    const charge = {
      id: 'ch_1',
      object: 'charge',
      amount: PRICE_PAISE,
      amount_refunded: PRICE_PAISE,
      currency: 'inr',
      payment_intent: intentId,
      refunded: true,
    };
    expect((await deliver('charge.refunded', charge)).statusCode).toBe(200);
    expect(await statusOf(t, booking.id)).toMatchObject({
      status: 'cancelled',
      refundStatus: 'succeeded',
      refundId: 're_1',
    });
  });

  it('refuses a payload signed with another secret, or too old, and changes nothing', async () => {
    api.answer('POST', '/v1/payment_intents', {
      json: {
        id: 'pi_forged',
        object: 'payment_intent',
        amount: PRICE_PAISE,
        currency: 'inr',
        client_secret: 'pi_forged_secret',
        status: 'requires_payment_method',
      },
    });
    const { booking } = await heldAndPaying(t, at(2, 12));
    const intent = {
      id: 'pi_forged',
      object: 'payment_intent',
      amount: PRICE_PAISE,
      amount_received: PRICE_PAISE,
      currency: 'inr',
      status: 'succeeded',
    };
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    for (const signature of [
      webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_someone_else',
        timestamp: Math.floor(Date.now() / 1000),
      }),
      webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      }),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await statusOf(t, booking.id))?.status).toBe('pending_payment');
  });

  it('answers a correctly signed event without data.object, or with currency null, with 400 in the envelope, logs it, and changes nothing', async () => {
    api.answer('POST', '/v1/payment_intents', {
      json: {
        id: 'pi_malformed',
        object: 'payment_intent',
        amount: PRICE_PAISE,
        currency: 'inr',
        client_secret: 'pi_malformed_secret',
        status: 'requires_payment_method',
      },
    });
    const { booking } = await heldAndPaying(t, at(2, 14));
    const before = await statusOf(t, booking.id);
    const intent = {
      id: 'pi_malformed',
      object: 'payment_intent',
      amount: PRICE_PAISE,
      amount_received: PRICE_PAISE,
      status: 'succeeded',
    };
    const eventIds = [`evt_${randomUUID()}`, `evt_${randomUUID()}`, `evt_${randomUUID()}`];
    const malformed = [
      deliverEvent({ id: eventIds[0], type: 'payment_intent.succeeded', data: {} }),
      deliverEvent({
        id: eventIds[1],
        type: 'payment_intent.succeeded',
        data: { object: { ...intent, currency: null } },
      }),
      deliverEvent({
        id: eventIds[2],
        type: 'charge.refunded',
        data: { object: { id: 'ch_x', currency: null } },
      }),
    ];
    for (const response of await Promise.all(malformed)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: paymentMessages.malformedWebhook,
        errors: [{ message: paymentMessages.malformedWebhook }],
      });
    }
    expect(await statusOf(t, booking.id)).toEqual(before);
    expect(
      await t.app.db.select().from(paymentEvents).where(inArray(paymentEvents.eventId, eventIds)),
    ).toEqual([]);
    expect(
      t.logs.filter((line) => line.level === 40 && line.msg === 'payment webhook malformed'),
    ).toHaveLength(3);
  });
});

describe('Razorpay, through the webhook route', () => {
  const webhookSecret = 'whsec-razorpay-route';
  let t: TestApp;
  beforeAll(async () => {
    const provider = createRazorpayPaymentProvider({
      keyId: 'rzp_test_key',
      keySecret: 'key-secret',
      webhookSecret,
      baseUrl: api.baseUrl,
    });
    t = await buildTestApp({ clock, paymentProvider: provider, env: { RATE_LIMIT_MAX: '1000000' } });
  });
  afterAll(() => t.close());

  it('answers a correctly signed event without the event-id header, or with a bad payload, with 400 in the envelope, logs it, and changes nothing', async () => {
    const orderId = `order_${randomUUID().slice(0, 8)}`;
    api.answer('POST', '/v1/orders', {
      json: { id: orderId, entity: 'order', amount: PRICE_PAISE, currency: 'INR', status: 'created' },
    });
    const { booking } = await heldAndPaying(t, at(3, 14));
    const before = await statusOf(t, booking.id);
    const signed = (body: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/razorpay',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', webhookSecret).update(body).digest('hex'),
          ...headers,
        },
        payload: body,
      });
    const captured = (entity: Record<string, unknown>) =>
      JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity } } });
    const bodies = [
      // No x-razorpay-event-id header, and the payment without its amount.
      captured({ id: 'pay_bad', order_id: orderId, currency: 'INR' }),
      captured({ id: 'pay_bad', order_id: orderId, amount: PRICE_PAISE, currency: null }),
      JSON.stringify({ entity: 'event', event: 'payment.captured' }),
      JSON.stringify({ entity: 'event', event: 42 }),
      JSON.stringify(['payment.captured']),
      'null',
    ];
    for (const body of bodies) {
      const response = await signed(body);
      expect(response.statusCode, `${body}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        message: paymentMessages.malformedWebhook,
        errors: [{ message: paymentMessages.malformedWebhook }],
      });
    }
    expect(await statusOf(t, booking.id)).toEqual(before);
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'razorpay'))).toEqual(
      [],
    );
    expect(
      t.logs.filter((line) => line.level === 40 && line.msg === 'payment webhook malformed'),
    ).toHaveLength(bodies.length);
  });

  function deliver(event: string, payload: Record<string, unknown>, eventId = `evt_${randomUUID()}`) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_1',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: 1_700_000_000,
    });
    const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
    // The SDK's own check agrees that this is how Razorpay signs.
    expect(Razorpay.validateWebhookSignature(body, signature, webhookSecret)).toBe(true);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
      payload: body,
    });
  }

  it('confirms once on payment.captured and order.paid, and refunds the captured payment with the refund idempotency header', async () => {
    const orderId = `order_${randomUUID().slice(0, 8)}`;
    api.answer('POST', '/v1/orders', {
      json: { id: orderId, entity: 'order', amount: PRICE_PAISE, currency: 'INR', status: 'created' },
    });
    const { mentor, booking, payment } = await heldAndPaying(t, at(3, 10));
    expect(payment).toMatchObject({
      provider: 'razorpay',
      paymentId: orderId,
      orderId,
      keyId: 'rzp_test_key',
    });

    const captured = {
      payment: {
        entity: {
          id: 'pay_1',
          entity: 'payment',
          amount: PRICE_PAISE,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
        },
      },
    };
    expect((await deliver('payment.captured', captured)).statusCode).toBe(200);
    expect(
      (
        await deliver('order.paid', {
          ...captured,
          order: {
            entity: {
              id: orderId,
              entity: 'order',
              amount: PRICE_PAISE,
              amount_paid: PRICE_PAISE,
              currency: 'INR',
              status: 'paid',
            },
          },
        })
      ).statusCode,
    ).toBe(200);
    expect((await statusOf(t, booking.id))?.status).toBe('confirmed');

    api.answer('GET', `/v1/orders/${orderId}/payments`, {
      json: { entity: 'collection', count: 1, items: [captured.payment.entity] },
    });
    api.answer('POST', '/v1/payments/pay_1/refund', {
      json: {
        id: 'rfnd_1',
        entity: 'refund',
        amount: PRICE_PAISE,
        currency: 'INR',
        payment_id: 'pay_1',
        status: 'processed',
      },
    });
    const cancelled = await cancelAsMentor(t, mentor, booking);
    expect(cancelled.refund).toEqual({ amount: PRICE_PAISE, currency: 'INR', status: 'succeeded' });
    expect(
      api.requests.find((request) => request.path === '/v1/payments/pay_1/refund')?.headers[
        'x-refund-idempotency'
      ],
    ).toBe(`refund-${booking.id}`);
    expect(await statusOf(t, booking.id)).toMatchObject({
      refundId: 'rfnd_1',
      refundStatus: 'succeeded',
      refundReason: 'cancelled_by_mentor',
    });
  });

  it('refuses a forged signature with 400', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    const forged = createHmac('sha256', 'not-the-secret').update(body).digest('hex');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': forged,
        'x-razorpay-event-id': 'evt_x',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('A provider that does not answer', () => {
  // The vendor's API behind a frozen proxy: connections are taken, and no byte ever comes back.
  let silent: TcpProxy;
  beforeAll(async () => {
    silent = await startTcpProxy(api.port);
    silent.freeze();
  });
  afterAll(() => silent.close());

  const providers = {
    stripe: () =>
      createStripePaymentProvider({
        secretKey: 'sk_test_key',
        webhookSecret: 'whsec_silent',
        publishableKey: 'pk_test_key',
        api: { host: '127.0.0.1', port: silent.port, protocol: 'http' },
        timeoutMs: 200,
      }),
    razorpay: () =>
      createRazorpayPaymentProvider({
        keyId: 'rzp_test_key',
        keySecret: 'key-secret',
        webhookSecret: 'whsec-silent',
        baseUrl: `http://127.0.0.1:${silent.port}`,
        timeoutMs: 200,
      }),
  };

  for (const [name, provider] of Object.entries(providers)) {
    it(`${name}: POST /api/payments/create answers 502 with the message and leaves the hold as it was`, async () => {
      const t = await buildTestApp({
        clock,
        paymentProvider: provider(),
        env: { RATE_LIMIT_MAX: '1000000' },
      });
      try {
        const { mentor, mentee } = await people(t);
        const held = await t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { cookie: mentee.cookie },
          payload: { mentorId: mentor.id, startTime: at(4, 10).toISOString() },
        });
        expect(held.statusCode, held.body).toBe(201);
        const booking = bookingResponseSchema.parse(held.json()).booking;
        const before = await statusOf(t, booking.id);

        const response = await t.app.inject({
          method: 'POST',
          url: '/api/payments/create',
          headers: { cookie: mentee.cookie },
          payload: { bookingId: booking.id },
        });
        expect(response.statusCode, response.body).toBe(502);
        expect(response.json()).toEqual({
          message: paymentMessages.providerSilent,
          errors: [{ message: paymentMessages.providerSilent }],
        });
        const after = await statusOf(t, booking.id);
        expect(after).toEqual(before);
        expect(after).toMatchObject({
          status: 'pending_payment',
          holdExpiresAt: new Date(booking.holdExpiresAt),
          providerPaymentId: null,
        });
      } finally {
        await t.close();
      }
    });
  }
});
