import Razorpay from 'razorpay';
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
  type PayoutResult,
  type RefundResult,
} from './payment-provider';
import { hasHmacSha256Hex, singleHeader } from './webhook-signature';

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /**
   * Where the API is, for tests only (a fake server on loopback). The SDK has no option for it: its constructor
   * hard-codes https://api.razorpay.com into the axios instance at `api.rq`, so this sets that instance's baseURL.
   */
  baseUrl?: string;
  /** Each request's timeout; PROVIDER_TIMEOUT_MS unless a test waits less. */
  timeoutMs?: number;
}

/** The slice of the SDK's axios instance used here; the SDK's types do not show it (see `baseUrl`, `refund`). */
interface RazorpayHttp {
  defaults: { baseURL?: string; timeout?: number };
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

const RECEIPT_MAX = 40;
/** What Razorpay accepts in X-Refund-Idempotency: at least 10 of letters, digits, hyphens and underscores. */
const REFUND_IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

const paise = z.number().int().nonnegative();
const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1).nullable(),
  amount: paise,
  currency: z.string(),
});
const HANDLED_EVENTS = new Set(['payment.captured', 'order.paid', 'payment.failed', 'refund.processed']);
/** Route's transfer events (decision 057): processed is paid; failed and reversed give the money back. */
const TRANSFER_EVENTS = new Set(['transfer.processed', 'transfer.failed', 'transfer.reversed']);
const payoutIdOf = (notes: unknown): string | null => {
  // Razorpay sends notes as an object, or as [] when there are none; ours name the payout (a uuid).
  const result = z.object({ payoutId: z.string().uuid() }).safeParse(notes);
  return result.success ? result.data.payoutId : null;
};
const transferWebhookSchema = z.object({
  payload: z.object({
    transfer: z.object({
      entity: z.object({
        id: z.string().min(1),
        notes: z.unknown().optional(),
        error: z.object({ description: z.string().nullish() }).nullish(),
      }),
    }),
  }),
});
const eventNameSchema = z.object({ event: z.string() });
const webhookSchema = z.object({
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    refund: z
      .object({
        entity: z.object({
          id: z.string().min(1),
          payment_id: z.string().min(1),
          amount: paise,
          currency: z.string(),
        }),
      })
      .optional(),
  }),
});
function parsedPayload<T>(schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new WebhookPayloadError('razorpay', describeZodIssues(result.error));
  return result.data;
}
const refundAnswer = z.object({ id: z.string(), status: z.enum(['pending', 'processed', 'failed']) });

/**
 * Razorpay Checkout's handler signature (`razorpay_signature`), for the path where the browser reports a
 * payment before the webhook arrives: HMAC-SHA256 of `${orderId}|${paymentId}` under the key secret. The order
 * id must be the one stored on the booking, never one the browser sends. Compared in constant time.
 */
export function verifyRazorpayCheckoutSignature(
  keySecret: string,
  input: { orderId: string; paymentId: string; signature: string },
): boolean {
  return hasHmacSha256Hex(keySecret, `${input.orderId}|${input.paymentId}`, input.signature);
}

/** The API's error, as the SDK throws it: a plain object, or a TypeError when no answer came at all. */
function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const { statusCode, error: body } = error as {
      statusCode: unknown;
      error?: { code?: unknown; description?: unknown };
    };
    return `HTTP ${String(statusCode)} ${String(body?.code ?? '')} ${String(body?.description ?? '')}`.trim();
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The SDK's error as ours: no answer at all (it then throws a TypeError: its error mapper reads a response
 * that is not there) or Razorpay's own failure (5xx) is the provider being unavailable.
 */
function razorpayError(action: string, error: unknown): Error {
  const statusCode =
    typeof error === 'object' && error !== null && 'statusCode' in error
      ? Number((error as { statusCode: unknown }).statusCode)
      : undefined;
  const detail = `${action} failed: ${describeError(error)}`;
  if (statusCode === undefined || !(statusCode < 500))
    return new PaymentProviderUnavailableError('razorpay', detail, { cause: error });
  return new Error(`Razorpay ${detail}`, { cause: error });
}

/** What the signature covers names the event (a transfer settles once), as for payments. */
function transferEvent(event: string, json: unknown): PayoutEvent {
  const transfer = parsedPayload(transferWebhookSchema, json).payload.transfer.entity;
  const base = {
    eventId: `${event}:${transfer.id}`,
    providerPayoutId: transfer.id,
    payoutId: payoutIdOf(transfer.notes),
  };
  if (event === 'transfer.processed') return { ...base, kind: 'payout_paid' };
  const why = transfer.error?.description;
  return {
    ...base,
    kind: 'payout_failed',
    reason:
      event === 'transfer.reversed'
        ? 'Razorpay reversed the transfer to your account'
        : `Razorpay could not complete the transfer${why ? `: ${why}` : ''}`,
  };
}

/** What Razorpay accepts as X-Transfer-Idempotency and Idempotency-Key: 4 to 36 letters, digits, hyphens, underscores. */
const TRANSFER_IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{4,36}$/;
/** A linked account's reference_id is at most 20 characters. */
const REFERENCE_ID_LENGTH = 20;
const createdEntity = z.object({ id: z.string().min(1) });
const transferAnswer = z.object({ id: z.string().min(1), status: z.string() });

/**
 * A Route linked account with its settlement destination, in one atomic call (Razorpay's composite onboarding):
 * a UPI ID or a bank account, as the mentor saved it. Razorpay may ask for more (a phone number, a PAN) before
 * it settles to the account; the app does not collect those yet, so its refusal reaches the mentor as the
 * payout's reason (decision 057).
 */
export function linkedAccountBody(input: Pick<PayoutInput, 'payee' | 'destination'>, referenceId: string) {
  const { payee, destination } = input;
  const settlement =
    destination.type === 'upi'
      ? {
          method: 'upi',
          upi: { vpa: destination.vpa, beneficiary_name: payee.name, currency: 'INR', is_default: true },
        }
      : {
          method: 'bank_account',
          bank_account: {
            account_number: destination.accountNumber,
            beneficiary_name: destination.accountName,
            code_type: 'ifsc',
            code: destination.ifsc,
            currency: 'INR',
            is_default: true,
          },
        };
  return {
    type: 'route',
    tnc_accepted: true,
    reference_id: referenceId,
    legal_business_name: payee.name,
    business_type: 'individual',
    contact_name: payee.name,
    email: payee.email,
    notes: { mentorId: payee.mentorId },
    settlement_accounts: [settlement],
  };
}

/** A transfer's state as a payout's: processed is paid, failed or reversed failed, anything else settles later. */
function transferResult(transfer: { id: string; status: string }): PayoutResult {
  if (transfer.status === 'processed') return { status: 'paid', providerPayoutId: transfer.id };
  if (transfer.status === 'failed' || transfer.status === 'reversed')
    return {
      status: 'failed',
      providerPayoutId: transfer.id,
      reason: 'Razorpay could not complete the transfer',
    };
  return { status: 'pending', providerPayoutId: transfer.id };
}

/** An answer, or Razorpay's refusal (4xx) as words; no answer, a 5xx or a 409 (the same key still in flight) throws. */
type Answered = { data: unknown; refused?: undefined } | { refused: string };

/** Orders for payments, payment refunds for refunds (DESIGN.md §4), Route transfers for payouts (decision 057). */
export function createRazorpayPaymentProvider(options: RazorpayProviderOptions): PaymentProvider {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = (client.api as unknown as { rq: RazorpayHttp }).rq;
  if (options.baseUrl !== undefined) http.defaults.baseURL = options.baseUrl;
  // The SDK sets no timeout: without one, a provider that never answers holds the request for ever.
  http.defaults.timeout = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;

  return {
    name: 'razorpay',

    async createPayment(input) {
      if (input.idempotencyKey.length > RECEIPT_MAX)
        throw new Error(
          `Razorpay receipts are at most ${RECEIPT_MAX} characters; the idempotency key has ${input.idempotencyKey.length}.`,
        );
      // `unique_receipt` makes Razorpay answer a retried create with the first order rather than a second one;
      // the SDK's types predate it, hence the spread.
      const order = await client.orders
        .create({
          amount: input.amountPaise,
          currency: input.currency,
          receipt: input.idempotencyKey,
          notes: { bookingId: input.bookingId },
          ...{ unique_receipt: true },
        })
        .catch((error: unknown) => {
          throw razorpayError('order create', error);
        });
      return {
        provider: 'razorpay',
        providerPaymentId: order.id,
        clientData: { orderId: order.id, keyId: options.keyId },
      };
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = singleHeader(headers, 'x-razorpay-signature');
      if (signature === undefined)
        throw new WebhookSignatureError('razorpay', 'no x-razorpay-signature header');
      // Our own constant-time check: the SDK's validateWebhookSignature compares with ===.
      if (!hasHmacSha256Hex(options.webhookSecret, rawBody, signature))
        throw new WebhookSignatureError('razorpay', 'signature does not match the body');

      // The signature held, so from here a body that is not Razorpay's event shape is a 400 (DESIGN.md §4b).
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch (error) {
        throw new WebhookPayloadError('razorpay', error instanceof Error ? error.message : String(error));
      }
      // The event's name first: an event this app ignores is answered whatever its payload looks like.
      const { event } = parsedPayload(eventNameSchema, json);
      if (TRANSFER_EVENTS.has(event)) return transferEvent(event, json);
      if (!HANDLED_EVENTS.has(event)) return undefined;
      const body = parsedPayload(webhookSchema, json);
      const payment = body.payload.payment?.entity;

      // Razorpay sends both payment.captured and order.paid for one payment (as two events with their own ids):
      // either confirms the booking, and the state change makes the second a no-op.
      if (event !== 'refund.processed') {
        if (payment?.order_id == null) return undefined; // A payment made without an order is none of ours.
        const kind: PaymentEvent['kind'] =
          event === 'payment.failed' ? 'payment_failed' : 'payment_succeeded';
        return {
          // What the signature covers names the event (DESIGN.md §4b): the unsigned x-razorpay-event-id
          // header would let one signed body count as many events.
          eventId: `${event}:${payment.id}`,
          kind,
          providerPaymentId: payment.order_id,
          amountPaise: payment.amount,
          currency: payment.currency,
        };
      }
      const refund = body.payload.refund?.entity;
      if (refund === undefined || payment?.order_id == null) return undefined;
      return {
        eventId: `${event}:${refund.id}`,
        kind: 'payment_refunded',
        providerPaymentId: payment.order_id,
        amountPaise: refund.amount,
        currency: refund.currency,
      };
    },

    async refund(input) {
      if (!REFUND_IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
        throw new Error(
          'Razorpay refund idempotency keys are at least 10 letters, digits, hyphens or underscores.',
        );
      }
      const payments = await client.orders.fetchPayments(input.providerPaymentId).catch((error: unknown) => {
        throw razorpayError('order payments fetch', error);
      });
      const captured = payments.items.find(
        (payment) => payment.status === 'captured' || payment.status === 'refunded',
      );
      if (captured === undefined)
        throw new Error(`Razorpay order ${input.providerPaymentId} has no captured payment to refund.`);

      // payments.refund cannot send X-Refund-Idempotency: the SDK keeps only X-Razorpay-Account and Content-Type
      // of the headers it is given, and has no per-request headers. So the same request goes through the SDK's
      // own axios instance (same base URL, same auth, same user agent) with the header added.
      const answer = await http
        .post(
          `/v1/payments/${encodeURIComponent(captured.id)}/refund`,
          {
            amount: input.amountPaise,
            speed: 'normal',
            notes: { reason: input.reason },
            receipt: input.idempotencyKey.slice(0, RECEIPT_MAX),
          },
          { headers: { 'X-Refund-Idempotency': input.idempotencyKey } },
        )
        .catch((error: unknown) => {
          const response = (error as { response?: { status: number; data?: { error?: unknown } } }).response;
          throw razorpayError(
            'refund',
            response ? { statusCode: response.status, error: response.data?.error } : error,
          );
        });
      const refund = refundAnswer.parse(answer.data);
      const status: RefundResult['status'] = refund.status === 'processed' ? 'succeeded' : refund.status;
      return { refundId: refund.id, status };
    },

    async payout(input) {
      if (!TRANSFER_IDEMPOTENCY_KEY.test(input.idempotencyKey))
        throw new Error(
          'Razorpay transfer idempotency keys are 4 to 36 letters, digits, hyphens or underscores.',
        );
      const post = (action: string, url: string, data: object, headers: Record<string, string>) =>
        http.post(url, data, { headers }).then(
          (answer): Answered => ({ data: answer.data }),
          (error: unknown): Answered => {
            const response = (
              error as { response?: { status: number; data?: { error?: { description?: unknown } } } }
            ).response;
            if (response === undefined || response.status >= 500 || response.status === 409) {
              const detail = response ? { statusCode: response.status, error: response.data?.error } : error;
              throw new PaymentProviderUnavailableError(
                'razorpay',
                `${action} failed: ${describeError(detail)}`,
                {
                  cause: error,
                },
              );
            }
            const description = response.data?.error?.description;
            return {
              refused:
                typeof description === 'string' && description !== ''
                  ? description
                  : `HTTP ${response.status}`,
            };
          },
        );

      let account = await input.accounts.find();
      if (account === undefined) {
        const key = payeeAccountKey(input);
        // The key makes two openings at once one account; the SDK's accounts.create cannot send it.
        const opened = await post(
          'linked account create',
          '/v2/accounts',
          linkedAccountBody(input, key.slice(0, REFERENCE_ID_LENGTH)),
          {
            'Idempotency-Key': key.slice(0, 36),
          },
        );
        if (opened.refused !== undefined)
          return {
            status: 'failed',
            providerPayoutId: null,
            reason: `Razorpay could not open an account for your payout method: ${opened.refused}`,
          };
        account = await input.accounts.remember(createdEntity.parse(opened.data).id);
      }

      // A direct transfer from our balance to the linked account; X-Transfer-Idempotency (the payout's id) makes
      // a retried call one transfer, and the notes let its webhook name the payout.
      const transferred = await post(
        'transfer',
        '/v1/transfers',
        { account, amount: input.amountPaise, currency: 'INR', notes: { payoutId: input.idempotencyKey } },
        { 'X-Transfer-Idempotency': input.idempotencyKey },
      );
      if (transferred.refused !== undefined)
        return {
          status: 'failed',
          providerPayoutId: null,
          reason: `Razorpay refused the transfer: ${transferred.refused}`,
        };
      const transfer = transferAnswer.parse(transferred.data);
      return transferResult(transfer);
    },
  };
}
