import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpApi, type FakeHttpApi } from '../../../test/fake-http-api';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe';

// The SDK pointed at a fake Stripe API on loopback (its own host, port and protocol options).
let api: FakeHttpApi;
let provider: PaymentProvider;
beforeAll(async () => {
  api = await startFakeHttpApi();
  provider = createStripePaymentProvider({
    secretKey: 'sk_test_key',
    webhookSecret: 'whsec_test',
    publishableKey: 'pk_test_key',
    api: { host: api.host, port: api.port, protocol: 'http' },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('Stripe provider, against a fake API', () => {
  it('creates a PaymentIntent in rupees with the idempotency key, and hands the browser its client secret', async () => {
    api.answer('POST', '/v1/payment_intents', {
      json: {
        id: 'pi_123',
        object: 'payment_intent',
        amount: 150000,
        currency: 'inr',
        client_secret: 'pi_123_secret_abc',
        status: 'requires_payment_method',
      },
    });
    const created = await provider.createPayment({
      bookingId: 'b1',
      amountPaise: 150000,
      currency: 'INR',
      idempotencyKey: 'booking-b1',
    });
    expect(created).toEqual({
      provider: 'stripe',
      providerPaymentId: 'pi_123',
      clientData: { clientSecret: 'pi_123_secret_abc', publishableKey: 'pk_test_key' },
    });

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.headers['idempotency-key']).toBe('booking-b1');
    expect(request?.headers.authorization).toBe('Bearer sk_test_key');
    expect(form(request?.body ?? '')).toEqual({
      amount: '150000',
      currency: 'inr',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[bookingId]': 'b1',
    });
  });

  it('retries a failed create with the same idempotency key, so Stripe makes one intent', async () => {
    const intent = {
      id: 'pi_retry',
      object: 'payment_intent',
      amount: 150000,
      currency: 'inr',
      client_secret: 'pi_retry_secret',
      status: 'requires_payment_method',
    };
    api.answer('POST', '/v1/payment_intents', [
      { status: 500, json: { error: { type: 'api_error', message: 'try again' } } },
      { json: intent },
    ]);
    expect(
      await provider.createPayment({
        bookingId: 'b3',
        amountPaise: 150000,
        currency: 'INR',
        idempotencyKey: 'booking-b3',
      }),
    ).toMatchObject({ providerPaymentId: 'pi_retry' });
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['booking-b3', 'booking-b3']);
  });

  it("surfaces Stripe's error when the intent is refused", async () => {
    api.answer('POST', '/v1/payment_intents', {
      status: 400,
      json: { error: { type: 'invalid_request_error', message: 'Amount must be at least ₹0.50 inr' } },
    });
    await expect(
      provider.createPayment({
        bookingId: 'b1',
        amountPaise: 1,
        currency: 'INR',
        idempotencyKey: 'booking-b2',
      }),
    ).rejects.toThrow(/Amount must be at least/);
  });

  it('refunds the intent with the idempotency key and maps the refund status', async () => {
    api.answer('POST', '/v1/refunds', {
      json: {
        id: 're_1',
        object: 'refund',
        amount: 75000,
        currency: 'inr',
        payment_intent: 'pi_123',
        status: 'pending',
      },
    });
    const refund = await provider.refund({
      providerPaymentId: 'pi_123',
      amountPaise: 75000,
      idempotencyKey: 'refund-booking-b1',
      reason: 'cancelled_by_mentee',
    });
    expect(refund).toEqual({ refundId: 're_1', status: 'pending' });

    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(request?.headers['idempotency-key']).toBe('refund-booking-b1');
    expect(form(request?.body ?? '')).toEqual({
      payment_intent: 'pi_123',
      amount: '75000',
      reason: 'requested_by_customer',
      'metadata[reason]': 'cancelled_by_mentee',
    });

    api.answer('POST', '/v1/refunds', {
      json: {
        id: 're_2',
        object: 'refund',
        amount: 150000,
        currency: 'inr',
        payment_intent: 'pi_123',
        status: 'succeeded',
      },
    });
    expect(
      await provider.refund({
        providerPaymentId: 'pi_123',
        amountPaise: 150000,
        idempotencyKey: 'refund-booking-b2',
        reason: 'cancelled_by_mentor',
      }),
    ).toEqual({
      refundId: 're_2',
      status: 'succeeded',
    });
    api.answer('POST', '/v1/refunds', {
      json: {
        id: 're_3',
        object: 'refund',
        amount: 150000,
        currency: 'inr',
        payment_intent: 'pi_123',
        status: 'failed',
      },
    });
    expect(
      await provider.refund({
        providerPaymentId: 'pi_123',
        amountPaise: 150000,
        idempotencyKey: 'refund-booking-b3',
        reason: 'paid_after_slot_taken',
      }),
    ).toEqual({
      refundId: 're_3',
      status: 'failed',
    });
  });
});
