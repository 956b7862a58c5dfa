import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-path';

/**
 * Every API answer is private unless its route says otherwise: `Cache-Control: no-store` goes on each one
 * before the handler runs, so a session, a profile or an answer key is never kept by a browser or a proxy.
 * A public, cacheable answer (a published roadmap with its ETag) sets its own header, which replaces this.
 */
export const privateByDefault = fp(
  async function privateByDefault(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'private-by-default' },
);
