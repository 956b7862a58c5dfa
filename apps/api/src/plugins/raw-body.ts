import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonParserOf } from './json-body';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The exact bytes of a JSON body, set only in a scope that registered `rawBody` (the payment webhook
     * routes); undefined everywhere else.
     */
    rawBody?: Buffer;
  }
}

/**
 * Keeps the raw bytes of `application/json` bodies as `request.rawBody`, and parses them into `request.body`
 * as usual. A provider signs the bytes it sent (Stripe, Razorpay), and JSON that is parsed and serialised
 * again is not those bytes, so a webhook checks its signature over `rawBody`.
 *
 * Register it inside the webhook routes' own plugin, never on the app: it is wrapped with fastify-plugin
 * so it applies to the scope that registers it (and that scope's children), and nowhere else. Parsing is
 * the app's JSON parser (`jsonParserOf`: the nesting limit, then Fastify's default), so a bad or empty body is the
 * same 400 as anywhere, and the body limit (the route's, or the app's) is Fastify's usual 413.
 */
export const rawBody = fp(
  async function rawBody(app: FastifyInstance) {
    const parseJson = jsonParserOf(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
      request.rawBody = body;
      parseJson(request, body.toString('utf8'), done);
    });
  },
  { name: 'raw-body' },
);
