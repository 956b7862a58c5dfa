import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookPayloadError, WebhookSignatureError } from './payment-provider';
import { connectedAccountParams, createStripePaymentProvider } from './stripe';

const webhookSecret = 'whsec_test_secret';
const provider = createStripePaymentProvider({
  secretKey: 'sk_test_key',
  webhookSecret,
  publishableKey: 'pk_test_key',
});
const { webhooks } = new Stripe('sk_test_key');

const intent = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_1',
  object: 'payment_intent',
  amount: 150000,
  amount_received: 150000,
  currency: 'inr',
  status: 'succeeded',
  metadata: { bookingId: 'b1' },
  ...overrides,
});

/** An event as Stripe sends it, signed at test time with the SDK's own helper (`timestamp` in seconds). */
function webhook(
  type: string,
  object: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${type}`,
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
    secret: options.secret ?? webhookSecret,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return {
    rawBody: Buffer.from(payload),
    headers: { 'content-type': 'application/json', 'stripe-signature': signature } as Record<string, string>,
  };
}

describe('Stripe webhooks', () => {
  it('maps payment_intent.succeeded to payment_succeeded for the intent, with what was received', async () => {
    expect(
      await provider.parseWebhook(webhook('payment_intent.succeeded', intent({ amount_received: 149000 }))),
    ).toEqual({
      eventId: 'evt_payment_intent.succeeded',
      kind: 'payment_succeeded',
      providerPaymentId: 'pi_1',
      amountPaise: 149000,
      currency: 'INR',
    });
  });

  it('maps payment_intent.payment_failed to payment_failed with the amount asked, and passes another currency through', async () => {
    const failed = webhook(
      'payment_intent.payment_failed',
      intent({ status: 'requires_payment_method', amount_received: 0, currency: 'usd' }),
    );
    expect(await provider.parseWebhook(failed)).toEqual({
      eventId: 'evt_payment_intent.payment_failed',
      kind: 'payment_failed',
      providerPaymentId: 'pi_1',
      amountPaise: 150000,
      currency: 'USD',
    });
  });

  it('maps charge.refunded to payment_refunded for the intent, with the amount refunded so far', async () => {
    const charge = {
      id: 'ch_1',
      object: 'charge',
      amount: 150000,
      amount_refunded: 75000,
      currency: 'inr',
      payment_intent: 'pi_1',
      refunded: false,
    };
    expect(await provider.parseWebhook(webhook('charge.refunded', charge))).toEqual({
      eventId: 'evt_charge.refunded',
      kind: 'payment_refunded',
      providerPaymentId: 'pi_1',
      amountPaise: 75000,
      currency: 'INR',
    });
    expect(
      await provider.parseWebhook(webhook('charge.refunded', { ...charge, payment_intent: { id: 'pi_2' } })),
    ).toMatchObject({ providerPaymentId: 'pi_2' });
    expect(
      await provider.parseWebhook(webhook('charge.refunded', { ...charge, payment_intent: null })),
    ).toBeUndefined();
  });

  it('answers undefined for an event it does not act on', async () => {
    expect(
      await provider.parseWebhook(
        webhook('payment_intent.created', intent({ status: 'requires_payment_method' })),
      ),
    ).toBeUndefined();
    expect(
      await provider.parseWebhook(webhook('customer.created', { id: 'cus_1', object: 'customer' })),
    ).toBeUndefined();
  });

  it('refuses a tampered body, another secret and a missing header', async () => {
    const tampered = webhook('payment_intent.succeeded', intent());
    tampered.rawBody = Buffer.from(
      tampered.rawBody.toString().replace('"amount_received":150000', '"amount_received":1'),
    );
    await expect(provider.parseWebhook(tampered)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      provider.parseWebhook(webhook('payment_intent.succeeded', intent(), { secret: 'whsec_other' })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    const missing = webhook('payment_intent.succeeded', intent());
    delete missing.headers['stripe-signature'];
    await expect(provider.parseWebhook(missing)).rejects.toThrow(/no stripe-signature header/);
    const garbled = webhook('payment_intent.succeeded', intent());
    garbled.headers['stripe-signature'] = 'nonsense';
    await expect(provider.parseWebhook(garbled)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('refuses a signature 600 s old and accepts one 200 s old (tolerance 300 s)', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(
      provider.parseWebhook(webhook('payment_intent.succeeded', intent(), { timestamp: now - 600 })),
    ).rejects.toThrow(/stripe webhook refused: .*tolerance/i);
    expect(
      await provider.parseWebhook(webhook('payment_intent.succeeded', intent(), { timestamp: now - 200 })),
    ).toMatchObject({ kind: 'payment_succeeded' });
  });
});

describe('Stripe Connect transfer webhooks', () => {
  const payoutId = '6f1c2a9e-0b6d-4b7e-9a51-3f2d8c4e7a10';
  const transfer = (overrides: Record<string, unknown> = {}) => ({
    id: 'tr_1',
    object: 'transfer',
    amount: 60000,
    currency: 'inr',
    destination: 'acct_1',
    reversed: false,
    metadata: { payoutId },
    ...overrides,
  });

  it('maps transfer.created to a paid payout, named by the transfer and the payout id in its metadata', async () => {
    expect(await provider.parseWebhook(webhook('transfer.created', transfer()))).toEqual({
      eventId: 'evt_transfer.created',
      kind: 'payout_paid',
      providerPayoutId: 'tr_1',
      payoutId,
    });
    expect(
      await provider.parseWebhook(webhook('transfer.created', transfer({ metadata: {} }))),
    ).toMatchObject({
      payoutId: null,
    });
  });

  it('maps a full reversal to a failed payout, and ignores a partial one (the rest stays paid)', async () => {
    expect(await provider.parseWebhook(webhook('transfer.reversed', transfer({ reversed: true })))).toEqual({
      eventId: 'evt_transfer.reversed',
      kind: 'payout_failed',
      providerPayoutId: 'tr_1',
      payoutId,
      reason: 'Stripe reversed the transfer to your account',
    });
    expect(
      await provider.parseWebhook(webhook('transfer.reversed', transfer({ reversed: false }))),
    ).toBeUndefined();
  });

  it('refuses a signed transfer event without its id as malformed, and a wrong signature', async () => {
    await expect(
      provider.parseWebhook(webhook('transfer.created', { object: 'transfer' })),
    ).rejects.toBeInstanceOf(WebhookPayloadError);
    await expect(
      provider.parseWebhook(webhook('transfer.created', transfer(), { secret: 'whsec_other' })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('Stripe Connect connected account', () => {
  it('is a Custom account in India for transfers, paid out to the saved bank account (IFSC as routing number)', () => {
    expect(
      connectedAccountParams({
        payee: { mentorId: 'm1', name: 'Ravi Kumar', email: 'ravi@example.org' },
        destination: {
          type: 'bank',
          accountName: 'R Kumar',
          accountNumber: '001234567890',
          ifsc: 'HDFC0001234',
        },
      }),
    ).toEqual({
      type: 'custom',
      country: 'IN',
      email: 'ravi@example.org',
      business_type: 'individual',
      capabilities: { transfers: { requested: true } },
      external_account: {
        object: 'bank_account',
        country: 'IN',
        currency: 'inr',
        account_holder_name: 'R Kumar',
        account_holder_type: 'individual',
        account_number: '001234567890',
        routing_number: 'HDFC0001234',
      },
      metadata: { mentorId: 'm1' },
    });
  });
});
