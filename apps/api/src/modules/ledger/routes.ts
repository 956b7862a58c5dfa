import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsResponseSchema } from '@skillroute/shared/earnings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { userContextOf } from '../../plugins/services';
import { earningsOf } from './service';

const refusals = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** `/api/earnings` (DESIGN.md §4b "Earnings, payouts, receipts"): a mentor's own earnings. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The signed-in mentor's balances and each paid session's split (paise)",
        tags: ['earnings'],
        response: { 200: earningsResponseSchema, ...refusals },
      },
    },
    async (request) => earningsOf(userContextOf(request)),
  );
};
