import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment-provider';
import { createRazorpayPaymentProvider, verifyRazorpayCheckoutSignature } from './razorpay';

const webhookSecret = 'whsec-razorpay-test';
const keySecret = 'key-secret-test';
const provider = createRazorpayPaymentProvider({ keyId: 'rzp_test_key', keySecret, webhookSecret });

const payment = (overrides: Record<string, unknown> = {}) => ({
  id: 'pay_1',
  entity: 'payment',
  amount: 150000,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_1',
  ...overrides,
});

/** A webhook as Razorpay sends it: compact JSON, signed over exactly those bytes. */
function webhook(event: string, payload: Record<string, unknown>, secret = webhookSecret) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_1',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: 1_700_000_000,
  });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return {
    rawBody: Buffer.from(body),
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': `evt_${event}`,
    } as Record<string, string>,
  };
}

describe('Razorpay webhooks', () => {
  it('signs as the SDK expects: its own validateWebhookSignature accepts the test signature', () => {
    const { rawBody, headers } = webhook('payment.captured', { payment: { entity: payment() } });
    expect(
      Razorpay.validateWebhookSignature(rawBody.toString(), headers['x-razorpay-signature']!, webhookSecret),
    ).toBe(true);
  });

  it('maps payment.captured and order.paid to payment_succeeded for the order, with amount and currency as sent', async () => {
    expect(
      await provider.parseWebhook(webhook('payment.captured', { payment: { entity: payment() } })),
    ).toEqual({
      eventId: 'payment.captured:pay_1',
      kind: 'payment_succeeded',
      providerPaymentId: 'order_1',
      amountPaise: 150000,
      currency: 'INR',
    });
    const paid = webhook('order.paid', {
      payment: { entity: payment({ amount: 149999, currency: 'USD' }) },
      order: {
        entity: { id: 'order_1', amount: 150000, amount_paid: 149999, currency: 'USD', status: 'paid' },
      },
    });
    expect(await provider.parseWebhook(paid)).toMatchObject({
      kind: 'payment_succeeded',
      providerPaymentId: 'order_1',
      amountPaise: 149999,
      currency: 'USD',
    });
  });

  it('names an event by what its signature covers (the event and the payment or refund), not the unsigned event-id header', async () => {
    const signed = webhook('payment.captured', { payment: { entity: payment() } });
    const ids = new Set<string | undefined>();
    for (const header of ['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5']) {
      const parsed = await provider.parseWebhook({
        rawBody: signed.rawBody,
        headers: { ...signed.headers, 'x-razorpay-event-id': header },
      });
      ids.add(parsed?.eventId);
    }
    expect([...ids]).toEqual(['payment.captured:pay_1']);
    const { 'x-razorpay-event-id': _dropped, ...withoutId } = signed.headers;
    expect((await provider.parseWebhook({ rawBody: signed.rawBody, headers: withoutId }))?.eventId).toBe(
      'payment.captured:pay_1',
    );
    const paid = webhook('order.paid', { payment: { entity: payment() } });
    expect((await provider.parseWebhook(paid))?.eventId).toBe('order.paid:pay_1');
  });

  it('maps payment.failed to payment_failed and refund.processed to payment_refunded with the refunded amount', async () => {
    expect(
      await provider.parseWebhook(
        webhook('payment.failed', { payment: { entity: payment({ status: 'failed' }) } }),
      ),
    ).toMatchObject({
      kind: 'payment_failed',
      providerPaymentId: 'order_1',
      amountPaise: 150000,
    });
    const refunded = webhook('refund.processed', {
      refund: {
        entity: { id: 'rfnd_1', payment_id: 'pay_1', amount: 75000, currency: 'INR', status: 'processed' },
      },
      payment: { entity: payment() },
    });
    expect(await provider.parseWebhook(refunded)).toEqual({
      eventId: 'refund.processed:rfnd_1',
      kind: 'payment_refunded',
      providerPaymentId: 'order_1',
      amountPaise: 75000,
      currency: 'INR',
    });
  });

  it('answers undefined for an event it does not act on (whatever its payload), and for a payment without an order', async () => {
    expect(
      await provider.parseWebhook(
        webhook('payment.authorized', { payment: { entity: payment({ status: 'authorized' }) } }),
      ),
    ).toBeUndefined();
    expect(
      await provider.parseWebhook(
        webhook('payment.captured', { payment: { entity: payment({ order_id: null }) } }),
      ),
    ).toBeUndefined();
    expect(
      await provider.parseWebhook(
        webhook('subscription.charged', {
          subscription: { entity: { id: 'sub_1' } },
          payment: { entity: { id: 'pay_9' } },
        }),
      ),
    ).toBeUndefined();
  });

  it('refuses a tampered body, another secret, a missing or malformed signature', async () => {
    const tampered = webhook('payment.captured', { payment: { entity: payment() } });
    tampered.rawBody = Buffer.from(tampered.rawBody.toString().replace('150000', '100'));
    await expect(provider.parseWebhook(tampered)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      provider.parseWebhook(
        webhook('payment.captured', { payment: { entity: payment() } }, 'another-secret'),
      ),
    ).rejects.toThrow(/signature does not match/);
    const missing = webhook('payment.captured', { payment: { entity: payment() } });
    delete missing.headers['x-razorpay-signature'];
    await expect(provider.parseWebhook(missing)).rejects.toThrow(/no x-razorpay-signature header/);
    const malformed = webhook('payment.captured', { payment: { entity: payment() } });
    malformed.headers['x-razorpay-signature'] = 'not-hex';
    await expect(provider.parseWebhook(malformed)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('checks the signature before reading the body', async () => {
    await expect(
      provider.parseWebhook({
        rawBody: Buffer.from('not json'),
        headers: { 'x-razorpay-signature': '0'.repeat(64) },
      }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('Razorpay Checkout handler signature', () => {
  const signature = createHmac('sha256', keySecret).update('order_1|pay_1').digest('hex');

  it('accepts HMAC-SHA256 of order id | payment id under the key secret, as the SDK does', () => {
    expect(
      verifyRazorpayCheckoutSignature(keySecret, { orderId: 'order_1', paymentId: 'pay_1', signature }),
    ).toBe(true);
    expect(Razorpay.validateWebhookSignature('order_1|pay_1', signature, keySecret)).toBe(true);
  });

  it('refuses another order, another payment, another secret or a malformed signature', () => {
    expect(
      verifyRazorpayCheckoutSignature(keySecret, { orderId: 'order_2', paymentId: 'pay_1', signature }),
    ).toBe(false);
    expect(
      verifyRazorpayCheckoutSignature(keySecret, { orderId: 'order_1', paymentId: 'pay_2', signature }),
    ).toBe(false);
    expect(
      verifyRazorpayCheckoutSignature('other', { orderId: 'order_1', paymentId: 'pay_1', signature }),
    ).toBe(false);
    expect(
      verifyRazorpayCheckoutSignature(keySecret, {
        orderId: 'order_1',
        paymentId: 'pay_1',
        signature: signature.slice(2),
      }),
    ).toBe(false);
  });
});
