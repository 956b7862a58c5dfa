import Stripe from 'stripe';
import { z } from 'zod';
import {
  describeZodIssues,
  PaymentProviderUnavailableError,
  PROVIDER_TIMEOUT_MS,
  WebhookPayloadError,
  WebhookSignatureError,
  payeeAccountKey,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutEvent,
  type PayoutInput,
  type RefundResult,
} from './payment-provider';
import { singleHeader } from './webhook-signature';
import { msg } from '@skillroute/shared/i18n/msg';

/** DESIGN.md §4: a webhook signed more than five minutes ago is refused (a replay, or a clock gone wrong). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Where the API is, for tests only (a fake server on loopback): the SDK's own host, port and protocol options. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Each request's timeout; PROVIDER_TIMEOUT_MS unless a test waits less. */
  timeoutMs?: number;
}

/** No answer at all (a timeout, a refused or dropped connection), or Stripe's own failure (5xx). */
const unanswered = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);

const intentId = (value: string | { id: string } | null): string | undefined =>
  value === null ? undefined : typeof value === 'string' ? value : value.id;

// The parts of Stripe's events this app reads, checked: the SDK's types say what Stripe means to send, not
// what a signed body holds (DESIGN.md §4b: a correctly signed but malformed event is a 400, never a 500).
const paise = z.number().int().nonnegative();
const intentEventSchema = z.object({
  id: z.string().min(1),
  data: z.object({
    object: z.object({ id: z.string().min(1), amount: paise, amount_received: paise, currency: z.string() }),
  }),
});
const chargeRefundedEventSchema = z.object({
  id: z.string().min(1),
  data: z.object({
    object: z.object({
      amount_refunded: paise,
      currency: z.string(),
      payment_intent: z.union([z.string().min(1), z.object({ id: z.string().min(1) })]).nullable(),
    }),
  }),
});

const payoutIdOf = (metadata: unknown): string | null => {
  const result = z.object({ payoutId: z.string().uuid() }).safeParse(metadata);
  return result.success ? result.data.payoutId : null;
};
const transferEventSchema = z.object({
  id: z.string().min(1),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      metadata: z.unknown().optional(),
      reversed: z.boolean().optional(),
    }),
  }),
});

function parsed<T>(schema: z.ZodType<T>, event: unknown): T {
  const result = schema.safeParse(event);
  if (!result.success) throw new WebhookPayloadError('stripe', describeZodIssues(result.error));
  return result.data;
}

/**
 * A Custom connected account for one mentor, paid out to their bank account (Stripe's external account); the
 * platform collects what Stripe asks for, so the mentor never leaves the app (decision 057).
 */
export function connectedAccountParams(
  input: Pick<PayoutInput, 'payee'> & {
    destination: Extract<PayoutInput['destination'], { type: 'bank' }>;
  },
): Stripe.AccountCreateParams {
  const { payee, destination } = input;
  return {
    type: 'custom',
    country: 'IN',
    email: payee.email,
    business_type: 'individual',
    capabilities: { transfers: { requested: true } },
    external_account: {
      object: 'bank_account',
      country: 'IN',
      currency: 'inr',
      account_holder_name: destination.accountName,
      account_holder_type: 'individual',
      account_number: destination.accountNumber,
      routing_number: destination.ifsc,
    },
    metadata: { mentorId: payee.mentorId },
  };
}

/** Stripe pays a connected account out to a bank account only: a UPI ID has no external account to be. */
export const STRIPE_UPI_REASON = msg(
  'Stripe pays out to a bank account only. Save a bank account as your payout method to be paid.',
);

/** Payment intents for payments, refunds of the intent for refunds (DESIGN.md §4), Connect transfers for payouts (decision 057). */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const client = new Stripe(options.secretKey, {
    ...options.api,
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? PROVIDER_TIMEOUT_MS,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async createPayment(input) {
      const intent = await client.paymentIntents
        .create(
          {
            amount: input.amountPaise,
            currency: 'inr',
            automatic_payment_methods: { enabled: true },
            metadata: { bookingId: input.bookingId },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch((error: unknown) => {
          if (unanswered(error))
            throw new PaymentProviderUnavailableError('stripe', (error as Error).message, { cause: error });
          throw error;
        });
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
        // The signature held, so the body is Stripe's: it is just not JSON.
        throw new WebhookPayloadError('stripe', error instanceof Error ? error.message : String(error));
      }

      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const { id: eventId, data } = parsed(intentEventSchema, event);
        const intent = data.object;
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
        const { id: eventId, data } = parsed(chargeRefundedEventSchema, event);
        const charge = data.object;
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
      // A transfer to a connected account is done when Stripe creates it (decision 057): transfer.created
      // settles a payout whose answer was never kept, transfer.reversed fails one still requested.
      if (event.type === 'transfer.created' || event.type === 'transfer.reversed') {
        const { id: eventId, data } = parsed(transferEventSchema, event);
        const transfer = data.object;
        // A partial reversal leaves the rest paid: nothing of ours to settle.
        if (event.type === 'transfer.reversed' && transfer.reversed !== true) return undefined;
        const base = { eventId, providerPayoutId: transfer.id, payoutId: payoutIdOf(transfer.metadata) };
        const payoutEvent: PayoutEvent =
          event.type === 'transfer.created'
            ? { ...base, kind: 'payout_paid' }
            : { ...base, kind: 'payout_failed', reason: 'Stripe reversed the transfer to your account' };
        return payoutEvent;
      }
      return undefined;
    },

    async payout(input) {
      const { destination } = input;
      if (destination.type !== 'bank')
        return { status: 'failed', providerPayoutId: null, reason: STRIPE_UPI_REASON };
      // Stripe's refusal (4xx) is the payout's failure, in its words; no answer, a 5xx or a 409 (the same
      // idempotency key still in flight) leaves the payout requested.
      const refusal = (error: unknown): string => {
        if (unanswered(error) || (error instanceof Stripe.errors.StripeError && error.statusCode === 409))
          throw new PaymentProviderUnavailableError('stripe', (error as Error).message, { cause: error });
        if (error instanceof Stripe.errors.StripeError) return error.message;
        throw error;
      };

      let account = await input.accounts.find();
      if (account === undefined) {
        let opened: Stripe.Account;
        try {
          opened = await client.accounts.create(connectedAccountParams({ payee: input.payee, destination }), {
            idempotencyKey: `account-${payeeAccountKey(input)}`,
          });
        } catch (error) {
          return {
            status: 'failed',
            providerPayoutId: null,
            reason: `Stripe could not open an account for your payout method: ${refusal(error)}`,
          };
        }
        account = await input.accounts.remember(opened.id);
      }
      try {
        const transfer = await client.transfers.create(
          {
            amount: input.amountPaise,
            currency: 'inr',
            destination: account,
            metadata: { payoutId: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { status: 'paid', providerPayoutId: transfer.id };
      } catch (error) {
        return {
          status: 'failed',
          providerPayoutId: null,
          reason: `Stripe refused the transfer: ${refusal(error)}`,
        };
      }
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
