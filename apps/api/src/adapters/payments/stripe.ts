import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  type RefundResult,
} from './payment-provider';
import { singleHeader } from './webhook-signature';

/** DESIGN.md §4: a webhook signed more than five minutes ago is refused (a replay, or a clock gone wrong). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Where the API is, for tests only (a fake server on loopback): the SDK's own host, port and protocol options. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const intentId = (value: string | { id: string } | null): string | undefined =>
  value === null ? undefined : typeof value === 'string' ? value : value.id;

/** Payment intents for payments, refunds of the intent for refunds (DESIGN.md §4). */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const client = new Stripe(options.secretKey, { ...options.api, maxNetworkRetries: 2, telemetry: false });

  return {
    name: 'stripe',

    async createPayment(input) {
      const intent = await client.paymentIntents.create(
        {
          amount: input.amountPaise,
          currency: 'inr',
          automatic_payment_methods: { enabled: true },
          metadata: { bookingId: input.bookingId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.client_secret === null)
        throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret.`);
      return {
        provider: 'stripe',
        providerPaymentId: intent.id,
        clientData: { clientSecret: intent.client_secret, publishableKey: options.publishableKey },
      };
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = singleHeader(headers, 'stripe-signature');
      if (signature === undefined) throw new WebhookSignatureError('stripe', 'no stripe-signature header');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError('stripe', error.message);
        throw error;
      }

      const eventId = event.id;
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        const kind: PaymentEvent['kind'] =
          event.type === 'payment_intent.succeeded' ? 'payment_succeeded' : 'payment_failed';
        // What was received on success; the amount asked for when it failed (nothing was received).
        const amountPaise = kind === 'payment_succeeded' ? intent.amount_received : intent.amount;
        return {
          eventId,
          kind,
          providerPaymentId: intent.id,
          amountPaise,
          currency: intent.currency.toUpperCase(),
        };
      }
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const providerPaymentId = intentId(charge.payment_intent);
        if (providerPaymentId === undefined) return undefined; // A charge made without an intent is none of ours.
        // amount_refunded is the charge's running total over all its refunds.
        return {
          eventId,
          kind: 'payment_refunded',
          providerPaymentId,
          amountPaise: charge.amount_refunded,
          currency: charge.currency.toUpperCase(),
        };
      }
      return undefined;
    },

    async refund(input) {
      const refund = await client.refunds.create(
        {
          payment_intent: input.providerPaymentId,
          amount: input.amountPaise,
          reason: 'requested_by_customer',
          metadata: { reason: input.reason },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const status: RefundResult['status'] =
        refund.status === 'succeeded'
          ? 'succeeded'
          : refund.status === 'failed' || refund.status === 'canceled'
            ? 'failed'
            : 'pending';
      return { refundId: refund.id, status };
    },
  };
}
