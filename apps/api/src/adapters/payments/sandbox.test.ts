import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment-provider';
import { createSandboxPaymentProvider, deriveSandboxWebhookSecret, signSandboxEvent } from './sandbox';

const secret = deriveSandboxWebhookSecret('a-jwt-secret-of-at-least-32-characters!!');
const provider = createSandboxPaymentProvider({ webhookSecret: secret });
const event = { kind: 'payment_succeeded', paymentId: 'sbx_abc', amount: 150000, currency: 'INR' } as const;

function signed(overrides: Partial<Parameters<typeof signSandboxEvent>[1]> = {}, withSecret = secret) {
  const { body, headers } = signSandboxEvent(withSecret, { ...event, ...overrides });
  return { rawBody: Buffer.from(body), headers: { ...headers } as Record<string, string> };
}

describe('sandbox payment provider', () => {
  it('derives its webhook secret from the JWT secret, different from it and from another installation', () => {
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).toBe(deriveSandboxWebhookSecret('a-jwt-secret-of-at-least-32-characters!!'));
    expect(secret).not.toBe(deriveSandboxWebhookSecret('another-jwt-secret-of-32-characters!!!!'));
  });

  it('creates a checkout page URL under the public URL, and the same payment id for a retry', async () => {
    const input = {
      bookingId: 'b1',
      amountPaise: 150000,
      currency: 'INR',
      idempotencyKey: 'booking-b1',
    } as const;
    const first = await provider.createPayment(input);
    expect(first).toEqual({
      provider: 'sandbox',
      providerPaymentId: expect.stringMatching(/^sbx_[0-9a-f]{24}$/),
      clientData: {
        checkoutUrl: `/api/payments/sandbox/checkout/${first.providerPaymentId}`,
      },
    });
    expect(await provider.createPayment(input)).toEqual(first);
    expect(
      (await provider.createPayment({ ...input, idempotencyKey: 'booking-b2' })).providerPaymentId,
    ).not.toBe(first.providerPaymentId);
  });

  it('parses a signed event, passing the amount and currency through', async () => {
    const input = signed({ id: 'sbx_evt_1' });
    expect(input.headers['x-sandbox-event-id']).toBe('sbx_evt_1');
    expect(await provider.parseWebhook(input)).toEqual({
      eventId: 'sbx_evt_1',
      kind: 'payment_succeeded',
      providerPaymentId: 'sbx_abc',
      amountPaise: 150000,
      currency: 'INR',
    });
    const failed = await provider.parseWebhook(
      signed({ kind: 'payment_failed', amount: 99, currency: 'USD' }),
    );
    expect(failed).toMatchObject({
      kind: 'payment_failed',
      amountPaise: 99,
      currency: 'USD',
      eventId: expect.stringMatching(/^sbx_evt_/),
    });
  });

  it('takes the event id from the header when the body has none', async () => {
    const rawBody = Buffer.from(
      JSON.stringify({ kind: 'payment_refunded', paymentId: 'sbx_abc', amount: 75000, currency: 'INR' }),
    );
    const headers = {
      'x-sandbox-signature': createHmac('sha256', secret).update(rawBody).digest('hex'),
      'x-sandbox-event-id': 'sbx_evt_header',
    };
    expect(await provider.parseWebhook({ rawBody, headers })).toMatchObject({
      eventId: 'sbx_evt_header',
      kind: 'payment_refunded',
      amountPaise: 75000,
    });
  });

  it('refuses a tampered body, another secret, a missing or malformed signature', async () => {
    const tampered = signed();
    tampered.rawBody = Buffer.from(tampered.rawBody.toString().replace('150000', '1'));
    await expect(provider.parseWebhook(tampered)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.parseWebhook(signed({}, 'not-the-secret'))).rejects.toThrow(
      /signature does not match/,
    );
    const missing = signed();
    delete missing.headers['x-sandbox-signature'];
    await expect(provider.parseWebhook(missing)).rejects.toThrow(/no x-sandbox-signature header/);
    const short = signed();
    short.headers['x-sandbox-signature'] = 'abcd';
    await expect(provider.parseWebhook(short)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('answers undefined for a well-signed event kind it does not act on', async () => {
    const { body, headers } = signSandboxEvent(secret, { ...event, kind: 'payment_disputed' as never });
    expect(await provider.parseWebhook({ rawBody: Buffer.from(body), headers })).toBeUndefined();
  });

  it('refunds at once, with the same refund id for a retry', async () => {
    const input = {
      providerPaymentId: 'sbx_abc',
      amountPaise: 75000,
      idempotencyKey: 'refund-b1',
      reason: 'cancelled_by_mentee',
    } as const;
    const first = await provider.refund(input);
    expect(first).toEqual({
      refundId: expect.stringMatching(/^sbx_rfnd_[0-9a-f]{24}$/),
      status: 'succeeded',
    });
    expect(await provider.refund(input)).toEqual(first);
  });

  it('pays out at once, with the same id for a retry, and fails a UPI ID containing "fail"', async () => {
    const input = {
      idempotencyKey: 'payout-1',
      amountPaise: 50_000,
      destination: { type: 'upi', vpa: 'ravi@okhdfc' },
      payee: { mentorId: 'm1', name: 'Ravi', email: 'ravi@example.org' },
      // Offline, there is no account to open.
      accounts: {
        find: () => Promise.reject(new Error('unused')),
        remember: (id: string) => Promise.resolve(id),
      },
    } as const;
    const first = await provider.payout!(input);
    expect(first).toEqual({
      status: 'paid',
      providerPayoutId: expect.stringMatching(/^sbx_pout_[0-9a-f]{24}$/),
    });
    expect(await provider.payout!(input)).toEqual(first);
    const failed = await provider.payout!({
      ...input,
      destination: { type: 'upi', vpa: 'will.FAIL@okhdfc' },
    });
    expect(failed).toMatchObject({ status: 'failed', reason: expect.any(String) });
    const bank = {
      type: 'bank',
      accountName: 'Ravi',
      accountNumber: '001234567890',
      ifsc: 'HDFC0001234',
    } as const;
    expect(await provider.payout!({ ...input, destination: bank })).toMatchObject({ status: 'paid' });
  });
});
