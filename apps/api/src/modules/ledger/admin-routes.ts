import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerCheckResponseSchema } from '@skillroute/shared/earnings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { adminContextOf } from '../../plugins/services';
import { checkLedger } from './service';

const refusals = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** `/api/admin/ledger`: admin cookies only, as the rest of the admin console. */
export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/check',
    {
      schema: {
        summary: 'Whether every ledger transaction sums to zero, and how many there are',
        tags: ['admin'],
        response: { 200: ledgerCheckResponseSchema, ...refusals },
      },
    },
    async (request) => checkLedger(adminContextOf(request)),
  );
};
