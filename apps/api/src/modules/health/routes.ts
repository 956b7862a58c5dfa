import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, errorMessages } from '@skillroute/shared/errors';
import { healthResponseSchema } from '@skillroute/shared/health';
import { checkHealth, databaseDownMessage, drainingMessage } from './service';

const degradedResponseSchema = errorEnvelopeSchema.extend(healthResponseSchema.shape);

/** `GET /api/health`: for load balancers, the start-up scripts and the e2e suite. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // Exactly /api/health (not also /api/health/), so the reference lists the path clients call.
      prefixTrailingSlash: 'no-slash',
      // A load balancer probing often must never be told 429 and take a healthy replica out. Nor does a
      // probe need the headers that guard pages in a browser.
      config: { rateLimit: false },
      helmet: false,
      schema: {
        summary: 'Whether the api and its database are up, and whether this process still takes requests',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: degradedResponseSchema },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(app.pool, (error) =>
        request.log.warn({ err: error }, 'health check: the database is unreachable'),
      );
      // A process on its way out says so whatever its database says: a balancer must send no more to it.
      if (app.lifecycle.draining) {
        return reply.code(503).send({
          message: errorMessages.serviceUnavailable,
          errors: [{ message: drainingMessage }],
          status: 'draining',
          db: health.db,
        });
      }
      if (health.db === 'ok') return reply.code(200).send(health);
      return reply.code(503).send({
        message: errorMessages.serviceUnavailable,
        errors: [{ message: databaseDownMessage }],
        ...health,
      });
    },
  );
};
