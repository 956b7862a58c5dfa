import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import {
  createPaymentBodySchema,
  createPaymentResponseSchema,
  webhookReceivedSchema,
} from '@skillroute/shared/payments';
import { signSandboxEvent } from '../../adapters/payments/sandbox';
import { requestLocale, translatorFor } from '../../lib/i18n';
import { rawBody } from '../../plugins/raw-body';
import { contextOf, userContextOf } from '../../plugins/services';
import { renderSandboxCheckout, renderSandboxNotice } from './sandbox-checkout';
import { sandboxCardOutcome } from './rules';
import {
  checkoutPath,
  checkoutViewOf,
  SANDBOX_CHECKOUT_ERRORS,
  sandboxCheckoutErrorMessage,
  sandboxCheckoutFor,
} from './sandbox';
import { createPayment, receiveWebhook } from './service';

const tags = ['payments'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const CARD_FORM_LIMIT = 1024;

export interface PaymentRoutesOptions {
  /** The sandbox's webhook secret (adapters/payments/sandbox.ts), which its checkout page signs with. */
  sandboxWebhookSecret: string;
}

/** `/api/payments` (DESIGN.md §4 "Bookings and payments"): starting a payment, the providers' webhooks, the sandbox checkout. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  app.post(
    '/create',
    {
      onRequest: app.requireUser,
      config: { idempotent: true },
      schema: {
        summary:
          'Start paying for one’s own held booking with the configured provider (the same payment when asked again)',
        tags,
        body: createPaymentBodySchema,
        response: { 200: createPaymentResponseSchema, ...refusals, 502: errorEnvelopeSchema },
      },
    },
    async (request) => createPayment(userContextOf(request), request.body),
  );

  // The webhook reads the exact bytes the provider signed, so only its own scope keeps raw bodies.
  await app.register(async (scope) => {
    await scope.register(rawBody);
    const webhooks = scope.withTypeProvider<ZodTypeProvider>();
    webhooks.post(
      '/webhook/:provider',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          summary: 'A payment provider’s event (sandbox, razorpay, stripe), signed over the raw body',
          tags,
          params: z.object({ provider: z.string() }),
          response: { 200: webhookReceivedSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        // No JSON body at all is no signed body either: the signature check refuses it with a 400.
        await receiveWebhook(contextOf(request), {
          providerName: request.params.provider,
          webhook: { rawBody: request.rawBody ?? Buffer.alloc(0), headers: request.headers },
        });
        return { received: true as const };
      },
    );
  });

  if (app.services.payments.name !== 'sandbox') return;

  // The sandbox's checkout: an HTML page and its form (no script), which pays by delivering a signed event
  // through the same webhook route as the real providers, then sends the browser to /payment-success.
  await app.register(async (scope) => {
    const checkout = scope.withTypeProvider<ZodTypeProvider>();
    checkout.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CARD_FORM_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const params = z.object({ paymentId: z.string().min(1).max(100) });
    // The card form posts to its own origin; under the site-wide no-referrer policy Chromium would send
    // `Origin: null` with it, which the origin check (plugins/origin-check.ts) refuses as cross-site.
    const html = (reply: { type(value: string): unknown; header(name: string, value: string): unknown }) => {
      reply.header('referrer-policy', 'same-origin');
      reply.type('text/html; charset=utf-8');
    };

    checkout.get(
      '/sandbox/checkout/:paymentId',
      {
        onRequest: checkout.identify,
        schema: { hide: true, params, querystring: z.object({ error: z.string().optional() }) },
      },
      async (request, reply) => {
        const { paymentId } = request.params;
        const found = await sandboxCheckoutFor(contextOf(request), { paymentId, userId: request.user?.id });
        html(reply);
        const translator = translatorFor(requestLocale(request));
        if (found.show === 'notice')
          return reply.code(found.status).send(renderSandboxNotice(found.message, found.link, translator));
        // Only a known code names a message, so nothing the visitor typed or linked is ever shown back.
        const error = sandboxCheckoutErrorMessage(request.query.error);
        return renderSandboxCheckout(
          { ...checkoutViewOf(found, checkoutPath(paymentId)), error },
          translator,
        );
      },
    );

    // Post/redirect/get: every answer to the card form is a 303 to a page (this checkout again, with an error
    // code, or /payment-success), so Back and reload in the browser never resubmit a card.
    checkout.post(
      '/sandbox/checkout/:paymentId',
      { onRequest: checkout.identify, schema: { hide: true, params } },
      async (request, reply) => {
        const { paymentId } = request.params;
        const found = await sandboxCheckoutFor(contextOf(request), { paymentId, userId: request.user?.id });
        // Signed out, not theirs, or no longer payable: the checkout page itself says which.
        if (found.show === 'notice') return reply.code(303).redirect(checkoutPath(paymentId));
        const { booking } = found;
        const form = (request.body ?? {}) as Record<string, unknown>;
        const cardNumber = typeof form.cardNumber === 'string' ? form.cardNumber : '';
        const kind = sandboxCardOutcome(cardNumber);
        if (kind === undefined)
          return reply
            .code(303)
            .redirect(`${checkoutPath(paymentId)}?error=${SANDBOX_CHECKOUT_ERRORS.cardUnknown}`);
        const event = signSandboxEvent(options.sandboxWebhookSecret, {
          kind,
          paymentId,
          amount: booking.amount,
          currency: 'INR',
        });
        const delivered = await app.inject({
          method: 'POST',
          url: '/api/payments/webhook/sandbox',
          headers: event.headers,
          payload: event.body,
        });
        if (delivered.statusCode !== 200)
          throw new Error(`the sandbox webhook answered ${delivered.statusCode}: ${delivered.body}`);
        return reply.code(303).redirect(`/payment-success?bookingId=${booking.id}`);
      },
    );
  });
};
