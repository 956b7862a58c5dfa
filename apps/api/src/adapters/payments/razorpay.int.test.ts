import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpApi, type FakeHttpApi } from '../../../test/fake-http-api';
import { accountsInMemory } from '../../../test/payout-accounts';
import { startTcpProxy } from '../../../test/tcp-proxy';
import { PaymentProviderUnavailableError, type PaymentProvider } from './payment-provider';
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

describe('Razorpay Route payouts, against a fake API', () => {
  const payee = { mentorId: 'mentor-1', name: 'Ravi Kumar', email: 'ravi@example.org' };
  const destination = {
    type: 'bank',
    accountName: 'Ravi Kumar',
    accountNumber: '001234567890',
    ifsc: 'HDFC0001234',
  } as const;
  const payoutId = '6f1c2a9e-0b6d-4b7e-9a51-3f2d8c4e7a10';

  it('opens the linked account once, then transfers each payout to it with its own idempotency key', async () => {
    api.answer('POST', '/v2/accounts', { json: { id: 'acc_Route1', type: 'route', status: 'created' } });
    api.answer('POST', '/v1/transfers', {
      json: { id: 'trf_1', entity: 'transfer', status: 'pending', amount: 60000, currency: 'INR' },
    });
    const accounts = accountsInMemory();
    const first = await provider.payout!({
      idempotencyKey: payoutId,
      amountPaise: 60000,
      destination,
      payee,
      accounts,
    });
    // Route transfers settle later: the webhook says paid or failed.
    expect(first).toEqual({ status: 'pending', providerPayoutId: 'trf_1' });
    expect(accounts.remembered).toEqual(['acc_Route1']);

    const [open, transfer] = api.requests;
    expect(open).toMatchObject({ method: 'POST', path: '/v2/accounts' });
    expect(open?.headers.authorization).toBe(basicAuth);
    expect(open?.headers['idempotency-key']).toMatch(/^[0-9a-f]{36}$/);
    expect(JSON.parse(open?.body ?? '')).toMatchObject({
      type: 'route',
      email: 'ravi@example.org',
      reference_id: expect.stringMatching(/^[0-9a-f]{20}$/),
      settlement_accounts: [{ method: 'bank_account', bank_account: { account_number: '001234567890' } }],
    });
    expect(transfer).toMatchObject({ method: 'POST', path: '/v1/transfers' });
    expect(transfer?.headers['x-transfer-idempotency']).toBe(payoutId);
    expect(transfer?.headers.authorization).toBe(basicAuth);
    expect(JSON.parse(transfer?.body ?? '')).toEqual({
      account: 'acc_Route1',
      amount: 60000,
      currency: 'INR',
      notes: { payoutId },
    });

    api.requests.length = 0;
    const secondId = '7a2d3b0f-1c7e-4c8f-8b62-4e3e9d5f8b21';
    await provider.payout!({ idempotencyKey: secondId, amountPaise: 50000, destination, payee, accounts });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/transfers']);
    expect(api.requests[0]?.headers['x-transfer-idempotency']).toBe(secondId);
  });

  it('answers a refused transfer or account as failed, with Razorpay’s reason and no transfer after a refused account', async () => {
    const accounts = accountsInMemory();
    api.answer('POST', '/v2/accounts', {
      status: 400,
      json: { error: { code: 'BAD_REQUEST_ERROR', description: 'The phone field is required.' } },
    });
    expect(
      await provider.payout!({ idempotencyKey: payoutId, amountPaise: 60000, destination, payee, accounts }),
    ).toEqual({
      status: 'failed',
      providerPayoutId: null,
      reason: 'Razorpay could not open an account for your payout method: The phone field is required.',
    });
    expect(api.requests.map((r) => r.path)).toEqual(['/v2/accounts']);
    expect(accounts.remembered).toEqual([]);

    await accounts.remember('acc_Known');
    api.answer('POST', '/v1/transfers', {
      status: 400,
      json: { error: { code: 'BAD_REQUEST_ERROR', description: 'Linked account is not activated' } },
    });
    expect(
      await provider.payout!({ idempotencyKey: payoutId, amountPaise: 60000, destination, payee, accounts }),
    ).toEqual({
      status: 'failed',
      providerPayoutId: null,
      reason: 'Razorpay refused the transfer: Linked account is not activated',
    });
  });

  it('throws unavailable when Razorpay fails (5xx) or does not answer, leaving the payout to be asked again', async () => {
    const accounts = accountsInMemory();
    await accounts.remember('acc_Known');
    // A 409 is the same idempotency key still in flight: asked again later, not failed.
    for (const status of [502, 409]) {
      api.answer('POST', '/v1/transfers', { status, json: { error: { code: 'SERVER_ERROR' } } });
      await expect(
        provider.payout!({ idempotencyKey: payoutId, amountPaise: 60000, destination, payee, accounts }),
      ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    }

    const proxy = await startTcpProxy(api.port);
    try {
      const silent = createRazorpayPaymentProvider({
        keyId: 'rzp_test_key',
        keySecret: 'key-secret',
        webhookSecret: 'whsec',
        baseUrl: `http://127.0.0.1:${proxy.port}`,
        timeoutMs: 200,
      });
      proxy.freeze();
      await expect(
        silent.payout!({ idempotencyKey: payoutId, amountPaise: 60000, destination, payee, accounts }),
      ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    } finally {
      await proxy.close();
    }
  });
});
