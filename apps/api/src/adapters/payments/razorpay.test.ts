import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import { WebhookPayloadError, WebhookSignatureError } from './payment-provider';
import {
  createRazorpayPaymentProvider,
  linkedAccountBody,
  verifyRazorpayCheckoutSignature,
} from './razorpay';

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

describe('Razorpay Route transfer webhooks', () => {
  const payoutId = '6f1c2a9e-0b6d-4b7e-9a51-3f2d8c4e7a10';
  const transfer = (overrides: Record<string, unknown> = {}) => ({
    id: 'trf_1',
    entity: 'transfer',
    status: 'processed',
    recipient: 'acc_1',
    amount: 60000,
    currency: 'INR',
    notes: { payoutId },
    ...overrides,
  });

  it('maps transfer.processed to a paid payout, named by the transfer and by the payout id in its notes', async () => {
    expect(
      await provider.parseWebhook(webhook('transfer.processed', { transfer: { entity: transfer() } })),
    ).toEqual({
      eventId: 'transfer.processed:trf_1',
      kind: 'payout_paid',
      providerPayoutId: 'trf_1',
      payoutId,
    });
  });

  it('maps transfer.failed and transfer.reversed to a failed payout with a reason the mentor can read', async () => {
    const failed = await provider.parseWebhook(
      webhook('transfer.failed', {
        transfer: {
          entity: transfer({
            status: 'failed',
            error: { description: 'The linked account is not activated' },
          }),
        },
      }),
    );
    expect(failed).toEqual({
      eventId: 'transfer.failed:trf_1',
      kind: 'payout_failed',
      providerPayoutId: 'trf_1',
      payoutId,
      reason: 'Razorpay could not complete the transfer: The linked account is not activated',
    });
    expect(
      await provider.parseWebhook(
        webhook('transfer.reversed', { transfer: { entity: transfer({ status: 'reversed' }) } }),
      ),
    ).toMatchObject({ kind: 'payout_failed', reason: 'Razorpay reversed the transfer to your account' });
  });

  it('reads empty notes (Razorpay sends []) and notes that do not name a payout as no payout id', async () => {
    for (const notes of [[], {}, { payoutId: 'not-a-uuid' }, null])
      expect(
        await provider.parseWebhook(
          webhook('transfer.processed', { transfer: { entity: transfer({ notes }) } }),
        ),
      ).toMatchObject({ providerPayoutId: 'trf_1', payoutId: null });
  });

  it('refuses a signed transfer event without its transfer as malformed, and a wrong signature before reading it', async () => {
    await expect(provider.parseWebhook(webhook('transfer.processed', {}))).rejects.toBeInstanceOf(
      WebhookPayloadError,
    );
    await expect(
      provider.parseWebhook(webhook('transfer.failed', { transfer: { entity: { status: 'failed' } } })),
    ).rejects.toBeInstanceOf(WebhookPayloadError);
    await expect(
      provider.parseWebhook(
        webhook('transfer.processed', { transfer: { entity: transfer() } }, 'another-secret'),
      ),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('Razorpay Route linked account', () => {
  const payee = { mentorId: 'm1', name: 'Ravi Kumar', email: 'ravi@example.org' };

  it('opens a Route account settling to the saved bank account, in one composite request', () => {
    expect(
      linkedAccountBody(
        {
          payee,
          destination: {
            type: 'bank',
            accountName: 'R Kumar',
            accountNumber: '001234567890',
            ifsc: 'HDFC0001234',
          },
        },
        'ref1',
      ),
    ).toEqual({
      type: 'route',
      tnc_accepted: true,
      reference_id: 'ref1',
      legal_business_name: 'Ravi Kumar',
      business_type: 'individual',
      contact_name: 'Ravi Kumar',
      email: 'ravi@example.org',
      notes: { mentorId: 'm1' },
      settlement_accounts: [
        {
          method: 'bank_account',
          bank_account: {
            account_number: '001234567890',
            beneficiary_name: 'R Kumar',
            code_type: 'ifsc',
            code: 'HDFC0001234',
            currency: 'INR',
            is_default: true,
          },
        },
      ],
    });
  });

  it('settles to a UPI ID in the mentor’s name', () => {
    expect(
      linkedAccountBody({ payee, destination: { type: 'upi', vpa: 'ravi@okhdfc' } }, 'ref2')
        .settlement_accounts,
    ).toEqual([
      {
        method: 'upi',
        upi: { vpa: 'ravi@okhdfc', beneficiary_name: 'Ravi Kumar', currency: 'INR', is_default: true },
      },
    ]);
  });
});
