import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';
import { hasHmacSha256Hex, hmacSha256Hex, singleHeader } from './webhook-signature';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_EVENT_ID_HEADER = 'x-sandbox-event-id';

/**
 * The sandbox's webhook secret, derived from the app's JWT_SECRET rather than configured: every installation
 * then has its own without another variable to set (development generates JWT_SECRET into DATA_DIR/secrets.json,
 * production requires it), and the only signer is this same process (the checkout page), so nothing outside
 * ever needs to know it. An HMAC with a fixed label keeps the two apart: the webhook secret never reveals the
 * JWT secret, and is never usable as one.
 */
export function deriveSandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('skillroute sandbox payment webhooks v1').digest('hex');
}

/** The body the sandbox checkout page posts to `POST /api/payments/webhook/sandbox`. */
export interface SandboxEventBody {
  id: string;
  kind: PaymentEvent['kind'];
  /** The `providerPaymentId` that createPayment returned. */
  paymentId: string;
  amount: number;
  currency: string;
}

const sandboxEventSchema = z.object({
  id: z.string().min(1).optional(),
  kind: z.string(),
  paymentId: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1),
});

/**
 * Signs a sandbox event the way the webhook route checks it: returns the exact body to send and its headers.
 * The checkout page uses it to deliver its webhook; tests use it to forge valid ones. Omitting `id` gives the
 * event a fresh one.
 */
export function signSandboxEvent(
  secret: string,
  event: Omit<SandboxEventBody, 'id'> & { id?: string },
): {
  body: string;
  headers: {
    'content-type': 'application/json';
    [SANDBOX_SIGNATURE_HEADER]: string;
    [SANDBOX_EVENT_ID_HEADER]: string;
  };
} {
  const withId: SandboxEventBody = {
    id: event.id ?? `sbx_evt_${randomUUID()}`,
    kind: event.kind,
    paymentId: event.paymentId,
    amount: event.amount,
    currency: event.currency,
  };
  const body = JSON.stringify(withId);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: hmacSha256Hex(secret, body),
      [SANDBOX_EVENT_ID_HEADER]: withId.id,
    },
  };
}

export interface SandboxProviderOptions {
  /** See deriveSandboxWebhookSecret. */
  webhookSecret: string;
}

/**
 * The offline provider (DESIGN.md §4): no network, no account. Its ids are derived from the idempotency key
 * under the secret, so a retried createPayment or refund returns the same id, as the real providers do, and an
 * id cannot be guessed from a booking id alone.
 */
export function createSandboxPaymentProvider(options: SandboxProviderOptions): PaymentProvider {
  const { webhookSecret } = options;
  const derivedId = (prefix: string, purpose: string, key: string) =>
    `${prefix}${hmacSha256Hex(webhookSecret, `${purpose}:${key}`).slice(0, 24)}`;

  return {
    name: 'sandbox',

    async createPayment(input) {
      const providerPaymentId = derivedId('sbx_', 'payment', input.idempotencyKey);
      return {
        provider: 'sandbox',
        providerPaymentId,
        // A path, not PUBLIC_URL: the browser stays on the origin it is signed in at (decision 050).
        clientData: { checkoutUrl: `/api/payments/sandbox/checkout/${providerPaymentId}` },
      };
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = singleHeader(headers, SANDBOX_SIGNATURE_HEADER);
      if (signature === undefined)
        throw new WebhookSignatureError('sandbox', `no ${SANDBOX_SIGNATURE_HEADER} header`);
      if (!hasHmacSha256Hex(webhookSecret, rawBody, signature))
        throw new WebhookSignatureError('sandbox', 'signature does not match the body');

      // Signed by this app, so a body that does not parse is this app's bug, not an attack: an error, not undefined.
      const body = sandboxEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
      // The body's id is under the signature and the header's is not, so the body wins when both are there.
      const eventId = body.id ?? singleHeader(headers, SANDBOX_EVENT_ID_HEADER);
      if (eventId === undefined) throw new Error('Sandbox webhook has no event id (header or body).');
      if (
        body.kind !== 'payment_succeeded' &&
        body.kind !== 'payment_failed' &&
        body.kind !== 'payment_refunded'
      )
        return undefined;
      return {
        eventId,
        kind: body.kind,
        providerPaymentId: body.paymentId,
        amountPaise: body.amount,
        currency: body.currency,
      };
    },

    async refund(input) {
      // Offline: nothing to wait for, so the refund is settled at once.
      return { refundId: derivedId('sbx_rfnd_', 'refund', input.idempotencyKey), status: 'succeeded' };
    },

    async payout(input) {
      const providerPayoutId = derivedId('sbx_pout_', 'payout', input.idempotencyKey);
      // Offline, it settles at once; a UPI ID containing "fail" fails, so the failure path can be tried.
      if (input.destination.type === 'upi' && input.destination.vpa.toLowerCase().includes('fail'))
        return { status: 'failed', providerPayoutId, reason: 'the bank declined the UPI ID' };
      return { status: 'paid', providerPayoutId };
    },
  };
}
