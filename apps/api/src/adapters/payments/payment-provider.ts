import { createHash } from 'node:crypto';
import type { Paise } from '@skillroute/shared/money';
import type { IncomingHttpHeaders } from 'node:http';
import type { RefundReason } from '@skillroute/shared/bookings';

/**
 * The seam between bookings and whoever takes the money (DESIGN.md §4 "Bookings and payments"). The bookings
 * service knows only this interface; PAYMENT_PROVIDER picks the sandbox (the offline default), Razorpay or
 * Stripe. All three end in the same state change through `POST /api/payments/webhook/:provider`, which is
 * why a webhook is parsed into one provider-neutral event here. Decision 018 says why the seam looks so.
 *
 * Money is an integer count of paise, in INR only, as everywhere in the app.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;

  /**
   * Starts paying for a booking: a Razorpay order, a Stripe PaymentIntent, or a sandbox checkout page. Throws a
   * PaymentProviderUnavailableError when the provider does not answer in time (PROVIDER_TIMEOUT_MS) or answers
   * with its own failure (5xx).
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;

  /**
   * Checks the webhook's signature over the exact bytes received (`request.rawBody`, see plugins/raw-body.ts:
   * a parsed and re-serialised body is not what the provider signed) and parses it. Throws a
   * WebhookSignatureError when the signature is missing, wrong or too old, before reading anything else.
   * Resolves to undefined for a genuine event this app does not act on, so the route can answer 2xx and the
   * provider stops resending it. Throws a WebhookPayloadError for a correctly signed event that is not the
   * provider's event shape (parsed with zod here, at the boundary, so nothing past it meets a missing field).
   * Payments and payouts share the provider's one webhook URL; the event's `kind` says which it is.
   */
  parseWebhook(input: WebhookInput): Promise<PaymentEvent | PayoutEvent | undefined>;

  /** Returns money for a payment, in full or in part (the cancellation rules of DESIGN.md §4 decide how much). */
  refund(input: RefundInput): Promise<RefundResult>;

  /**
   * Pays a mentor out (decisions 055 and 057): the sandbox settles at once; Razorpay transfers to a Route linked
   * account and Stripe to a Connect connected account, each opened once per mentor and destination through
   * `input.accounts`. Throws a PaymentProviderUnavailableError when the provider does not answer (the payout
   * then stays requested); a refusal is a `failed` result with a reason the mentor can read. A provider without
   * it refuses payouts.
   */
  payout?(input: PayoutInput): Promise<PayoutResult>;
}

export type PayoutDestination =
  { type: 'upi'; vpa: string } | { type: 'bank'; accountName: string; accountNumber: string; ifsc: string };

export interface PayoutInput {
  /** The payout's id: a retried call pays once. Also sent with the transfer, so its webhook names the payout. */
  idempotencyKey: string;
  amountPaise: Paise;
  /** Where to: the whole UPI ID or account, as the mentor saved it. */
  destination: PayoutDestination;
  /** Who is paid, for the provider's account of them. */
  payee: { mentorId: string; name: string; email: string };
  /** The provider's account for this payee and destination, remembered by the ledger (not by the adapter). */
  accounts: PayoutAccounts;
}

/**
 * The provider's account a mentor is paid into, remembered for one mentor, provider and destination (decision
 * 057). A port rather than a query in the adapter: adapters know their vendor, not our database, and the
 * ledger decides what "the same destination" means.
 */
export interface PayoutAccounts {
  /** The account opened earlier for this mentor and destination, if any. */
  find(): Promise<string | undefined>;
  /**
   * Remembers an account just opened (committed at once, before any transfer to it) and answers the one
   * remembered: when two payouts opened one each at once, both then pay into the first.
   */
  remember(providerAccountId: string): Promise<string>;
}

export type PayoutResult =
  | { status: 'paid'; providerPayoutId: string }
  /** Accepted, settled later by the provider's webhook (a transfer in flight). */
  | { status: 'pending'; providerPayoutId: string }
  | { status: 'failed'; providerPayoutId: string | null; reason: string };

/** A verified webhook about a payout, the same shape whoever sent it. */
export interface PayoutEvent {
  /** As for payments: what the signature covers names the event, so a replay is found and skipped. */
  eventId: string;
  kind: 'payout_paid' | 'payout_failed';
  /** The transfer's id, as `payout` answered it. */
  providerPayoutId: string;
  /** Our payout's id, as sent with the transfer (its notes or metadata): found even before the answer was kept. */
  payoutId: string | null;
  /** Why it failed, in words the mentor can read; only for `payout_failed`. */
  reason?: string;
}

export const isPayoutEvent = (event: PaymentEvent | PayoutEvent): event is PayoutEvent =>
  event.kind === 'payout_paid' || event.kind === 'payout_failed';

/**
 * A short, stable name for one payee's destination, for the provider's own idempotency key and reference when
 * it opens their account: the same mentor and destination always give the same name, so an account opened
 * twice at once is opened once. Not a secret (nothing can be paid with it), just not the account number.
 */
export function payeeAccountKey(input: Pick<PayoutInput, 'payee' | 'destination'>): string {
  const { destination } = input;
  const where =
    destination.type === 'upi'
      ? ['upi', destination.vpa.toLowerCase()]
      : ['bank', destination.accountNumber, destination.ifsc.toUpperCase(), destination.accountName];
  return createHash('sha256')
    .update(JSON.stringify([input.payee.mentorId, ...where]))
    .digest('hex');
}

export type PaymentProviderName = 'sandbox' | 'razorpay' | 'stripe';

export type PaymentCurrency = 'INR';

export interface CreatePaymentInput {
  bookingId: string;
  /** The booking's price, kept on it at booking time; a positive integer. */
  amountPaise: Paise;
  currency: PaymentCurrency;
  /**
   * The same for every attempt for one booking (the booking id itself does), so a retried call returns the first
   * payment instead of making a second: Stripe's Idempotency-Key, Razorpay's `receipt` with `unique_receipt`
   * (at most 40 characters).
   */
  idempotencyKey: string;
}

/**
 * What the browser needs to pay, and nothing secret. `providerPaymentId` is stored on the booking: the
 * webhook's event names it, and a refund takes it.
 */
export type CreatedPayment =
  | { provider: 'sandbox'; providerPaymentId: string; clientData: { checkoutUrl: string } }
  | { provider: 'razorpay'; providerPaymentId: string; clientData: { orderId: string; keyId: string } }
  | {
      provider: 'stripe';
      providerPaymentId: string;
      clientData: { clientSecret: string; publishableKey: string };
    };

export interface WebhookInput {
  rawBody: Buffer;
  /** Where the signature is (`stripe-signature`, `x-razorpay-signature`) and, for Razorpay, the event id. */
  headers: IncomingHttpHeaders;
}

export type PaymentEventKind = 'payment_succeeded' | 'payment_failed' | 'payment_refunded';

/** A verified webhook, the same shape whoever sent it. */
export interface PaymentEvent {
  /** The provider's own event id: providers deliver at least once, so the state change records it and skips a repeat. */
  eventId: string;
  kind: PaymentEventKind;
  /** The id `createPayment` returned (a Razorpay order id, a Stripe PaymentIntent id): it finds the booking. */
  providerPaymentId: string;
  /** As the provider reports them, checked against the booking before anything changes. */
  amountPaise: Paise;
  /** A plain string, not PaymentCurrency: a provider reporting another currency must reach that check, not be hidden by a type. */
  currency: string;
}

export type { RefundReason };

export interface RefundInput {
  providerPaymentId: string;
  /** Positive, and at most what was paid. */
  amountPaise: Paise;
  /** Derived from the booking, so a retried cancellation never refunds twice (Razorpay wants at least 10 characters). */
  idempotencyKey: string;
  reason: RefundReason;
}

export interface RefundResult {
  refundId: string;
  /** Refunds can settle later; a pending one is confirmed by a `payment_refunded` event. */
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * How long one request to a provider may take before it counts as unanswered. A person waits on
 * `POST /api/payments/create` meanwhile (Stripe's SDK tries up to three times), so it stays short.
 */
export const PROVIDER_TIMEOUT_MS = 6_000;

/** A provider that did not answer, or answered with its own failure; `detail` is for the log only. */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';
  constructor(
    readonly provider: PaymentProviderName,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider} did not answer: ${detail}`, options);
  }
}

/** A webhook that does not prove it came from the provider; `detail` is for the log, never for the caller. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
  constructor(
    readonly provider: PaymentProviderName,
    readonly detail: string,
  ) {
    super(`${provider} webhook refused: ${detail}`);
  }
}

/** A correctly signed webhook whose body is not the provider's event shape; `detail` is for the log only. */
export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
  constructor(
    readonly provider: PaymentProviderName,
    readonly detail: string,
  ) {
    super(`${provider} webhook malformed: ${detail}`);
  }
}

/** What a zod failure says, for the log: the paths and messages, never the values. */
export const describeZodIssues = (error: {
  issues: Array<{ path: PropertyKey[]; message: string }>;
}): string =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ');
