import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, errorMessages } from '@skillroute/shared/errors';
import { healthResponseSchema } from '@skillroute/shared/health';
import {
  checkDatabase,
  createStorageCheck,
  databaseDownMessage,
  drainingMessage,
  healthOf,
  storageUnwritableMessage,
} from './service';

const degradedResponseSchema = errorEnvelopeSchema.extend(healthResponseSchema.shape);

export interface HealthRoutesOptions {
  /** The folders the api writes while it serves (DATA_DIR, and the uploads folder with FILE_STORAGE=disk). */
  writableFolders: string[];
}

/** `GET /api/health`: for load balancers, the start-up scripts and the e2e suite. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const checkStorage = createStorageCheck(options.writableFolders, app.log);

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
        summary:
          'Whether the api, its database and its data folder are up, and whether this process still takes requests',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: degradedResponseSchema },
      },
    },
    async (request, reply) => {
      const [db, storage] = await Promise.all([
        checkDatabase(app.pool, (error) =>
          request.log.warn({ err: error }, 'health check: the database is unreachable'),
        ),
        checkStorage(),
      ]);
      const health = healthOf(db, storage, app.lifecycle.draining);
      const problems = [
        ...(health.status === 'draining' ? [drainingMessage] : []),
        ...(db === 'down' ? [databaseDownMessage] : []),
        ...(storage === 'unwritable' ? [storageUnwritableMessage] : []),
      ];
      // A balancer takes a process out on 503: right when it is leaving or has no database. A data folder
      // that takes no files only fails uploads, and is usually shared by every replica, so taking them all
      // out would turn that into an outage: the answer stays 200 and says 'degraded'.
      if (health.status === 'draining' || db === 'down')
        return reply.code(503).send({
          message: errorMessages.serviceUnavailable,
          errors: problems.map((message) => ({ message })),
          ...health,
        });
      return reply.code(200).send(health);
    },
  );
};
