import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { createRazorpayPaymentProvider } from './razorpay';
import { createSandboxPaymentProvider, deriveSandboxWebhookSecret } from './sandbox';
import { createStripePaymentProvider } from './stripe';

/** The provider PAYMENT_PROVIDER names: the offline sandbox by default, Razorpay or Stripe with their keys. */
export function createPaymentProvider(config: Pick<Config, 'payments' | 'jwtSecret'>): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'razorpay') return createRazorpayPaymentProvider(payments);
  if (payments.provider === 'stripe') return createStripePaymentProvider(payments);
  return createSandboxPaymentProvider({ webhookSecret: deriveSandboxWebhookSecret(config.jwtSecret) });
}
