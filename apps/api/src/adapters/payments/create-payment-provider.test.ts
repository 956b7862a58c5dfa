import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { createPaymentProvider } from './create-payment-provider';
import { deriveSandboxWebhookSecret, signSandboxEvent } from './sandbox';

const jwtSecret = 'a-jwt-secret-of-at-least-32-characters!!';
const provider = (env: Record<string, string>) =>
  createPaymentProvider({
    ...parseConfig({ PUBLIC_URL: 'https://skillroute.example/', ...env }, '/tmp'),
    jwtSecret,
  });

describe('createPaymentProvider', () => {
  it('is the sandbox by default, on the browser’s own origin (a path), verifying with the secret derived from JWT_SECRET', async () => {
    const sandbox = provider({});
    expect(sandbox.name).toBe('sandbox');
    const created = await sandbox.createPayment({
      bookingId: 'b1',
      amountPaise: 100,
      currency: 'INR',
      idempotencyKey: 'booking-b1',
    });
    expect(created.provider === 'sandbox' && created.clientData.checkoutUrl).toMatch(
      /^\/api\/payments\/sandbox\/checkout\/sbx_/,
    );
    const { body, headers } = signSandboxEvent(deriveSandboxWebhookSecret(jwtSecret), {
      kind: 'payment_succeeded',
      paymentId: created.providerPaymentId,
      amount: 100,
      currency: 'INR',
    });
    expect(await sandbox.parseWebhook({ rawBody: Buffer.from(body), headers })).toMatchObject({
      providerPaymentId: created.providerPaymentId,
    });
  });

  it('is Razorpay or Stripe when PAYMENT_PROVIDER names them with their keys', () => {
    expect(
      provider({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }).name,
    ).toBe('razorpay');
    expect(
      provider({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test',
        STRIPE_WEBHOOK_SECRET: 'whsec',
        STRIPE_PUBLISHABLE_KEY: 'pk_test',
      }).name,
    ).toBe('stripe');
  });
});
