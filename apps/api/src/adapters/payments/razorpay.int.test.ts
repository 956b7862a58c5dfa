import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpApi, type FakeHttpApi } from '../../../test/fake-http-api';
import type { PaymentProvider } from './payment-provider';
import { createRazorpayPaymentProvider } from './razorpay';

// The SDK pointed at a fake Razorpay API on loopback: what it sends, and how the answers are read.
let api: FakeHttpApi;
let provider: PaymentProvider;
beforeAll(async () => {
  api = await startFakeHttpApi();
  provider = createRazorpayPaymentProvider({
    keyId: 'rzp_test_key',
    keySecret: 'key-secret',
    webhookSecret: 'whsec',
    baseUrl: api.baseUrl,
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const basicAuth = `Basic ${Buffer.from('rzp_test_key:key-secret').toString('base64')}`;

describe('Razorpay provider, against a fake API', () => {
  it('creates an order with the receipt as idempotency key, and hands the browser the order id and key id', async () => {
    api.answer('POST', '/v1/orders', {
      json: {
        id: 'order_Abc123',
        entity: 'order',
        amount: 150000,
        currency: 'INR',
        receipt: 'booking-b1',
        status: 'created',
      },
    });
    const created = await provider.createPayment({
      bookingId: 'b1',
      amountPaise: 150000,
      currency: 'INR',
      idempotencyKey: 'booking-b1',
    });
    expect(created).toEqual({
      provider: 'razorpay',
      providerPaymentId: 'order_Abc123',
      clientData: { orderId: 'order_Abc123', keyId: 'rzp_test_key' },
    });

    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/orders' });
    expect(request?.headers.authorization).toBe(basicAuth);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount: 150000,
      currency: 'INR',
      receipt: 'booking-b1',
      unique_receipt: true,
      notes: { bookingId: 'b1' },
    });
  });

  it('refuses an idempotency key too long for a receipt before calling Razorpay', async () => {
    await expect(
      provider.createPayment({
        bookingId: 'b1',
        amountPaise: 100,
        currency: 'INR',
        idempotencyKey: 'x'.repeat(41),
      }),
    ).rejects.toThrow(/at most 40/);
    expect(api.requests).toHaveLength(0);
  });

  it("names Razorpay's error when the order is refused", async () => {
    api.answer('POST', '/v1/orders', {
      status: 400,
      json: {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' },
      },
    });
    await expect(
      provider.createPayment({
        bookingId: 'b1',
        amountPaise: 1,
        currency: 'INR',
        idempotencyKey: 'booking-b1',
      }),
    ).rejects.toThrow(
      'Razorpay order create failed: HTTP 400 BAD_REQUEST_ERROR Order amount less than minimum amount allowed',
    );
  });

  it("refunds the order's captured payment with X-Refund-Idempotency", async () => {
    api.answer('GET', '/v1/orders/order_Abc123/payments', {
      json: {
        entity: 'collection',
        count: 2,
        items: [
          { id: 'pay_failed', status: 'failed', order_id: 'order_Abc123', amount: 150000, currency: 'INR' },
          { id: 'pay_ok', status: 'captured', order_id: 'order_Abc123', amount: 150000, currency: 'INR' },
        ],
      },
    });
    api.answer('POST', '/v1/payments/pay_ok/refund', {
      json: {
        id: 'rfnd_1',
        entity: 'refund',
        amount: 75000,
        currency: 'INR',
        payment_id: 'pay_ok',
        status: 'processed',
      },
    });
    const refund = await provider.refund({
      providerPaymentId: 'order_Abc123',
      amountPaise: 75000,
      idempotencyKey: 'refund-booking-b1',
      reason: 'cancelled_by_mentee',
    });
    expect(refund).toEqual({ refundId: 'rfnd_1', status: 'succeeded' });

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/orders/order_Abc123/payments',
      'POST /v1/payments/pay_ok/refund',
    ]);
    const post = api.requests[1];
    expect(post?.headers['x-refund-idempotency']).toBe('refund-booking-b1');
    expect(post?.headers.authorization).toBe(basicAuth);
    expect(post?.headers['user-agent']).toMatch(/^razorpay-node@2\.9\.8/);
    expect(JSON.parse(post?.body ?? '')).toEqual({
      amount: 75000,
      speed: 'normal',
      notes: { reason: 'cancelled_by_mentee' },
      receipt: 'refund-booking-b1',
    });
  });

  it('reports a pending refund as pending, and names the error of a refused one', async () => {
    api.answer('GET', '/v1/orders/order_P/payments', {
      json: {
        entity: 'collection',
        count: 1,
        items: [{ id: 'pay_p', status: 'captured', order_id: 'order_P', amount: 100, currency: 'INR' }],
      },
    });
    api.answer('POST', '/v1/payments/pay_p/refund', {
      json: {
        id: 'rfnd_p',
        entity: 'refund',
        amount: 100,
        currency: 'INR',
        payment_id: 'pay_p',
        status: 'pending',
      },
    });
    expect(
      await provider.refund({
        providerPaymentId: 'order_P',
        amountPaise: 100,
        idempotencyKey: 'refund-booking-p',
        reason: 'cancelled_by_mentor',
      }),
    ).toEqual({
      refundId: 'rfnd_p',
      status: 'pending',
    });

    api.answer('POST', '/v1/payments/pay_p/refund', {
      status: 400,
      json: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The refund amount provided is greater than amount captured',
        },
      },
    });
    await expect(
      provider.refund({
        providerPaymentId: 'order_P',
        amountPaise: 999,
        idempotencyKey: 'refund-booking-p',
        reason: 'cancelled_by_mentor',
      }),
    ).rejects.toThrow(/Razorpay refund failed: HTTP 400 BAD_REQUEST_ERROR The refund amount/);
  });

  it('refuses to refund an order without a captured payment, and a key Razorpay would refuse', async () => {
    api.answer('GET', '/v1/orders/order_U/payments', {
      json: {
        entity: 'collection',
        count: 1,
        items: [{ id: 'pay_u', status: 'failed', order_id: 'order_U', amount: 100, currency: 'INR' }],
      },
    });
    await expect(
      provider.refund({
        providerPaymentId: 'order_U',
        amountPaise: 100,
        idempotencyKey: 'refund-booking-u',
        reason: 'cancelled_by_mentee',
      }),
    ).rejects.toThrow(/no captured payment/);
    await expect(
      provider.refund({
        providerPaymentId: 'order_U',
        amountPaise: 100,
        idempotencyKey: 'short',
        reason: 'cancelled_by_mentee',
      }),
    ).rejects.toThrow(/at least 10/);
    expect(api.requests.map((r) => r.path)).toEqual(['/v1/orders/order_U/payments']);
  });
});
