import Razorpay from 'razorpay';
import { z } from 'zod';
import {
  describeZodIssues,
  PaymentProviderUnavailableError,
  PROVIDER_TIMEOUT_MS,
  WebhookPayloadError,
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
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

/** Orders for payments, payment refunds for refunds (DESIGN.md §4). */
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
  };
}
