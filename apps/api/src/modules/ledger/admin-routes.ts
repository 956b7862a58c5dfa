import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPayoutIdParamsSchema,
  adminPayoutRetryResponseSchema,
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
} from '@skillroute/shared/admin-payouts';
import { ledgerCheckResponseSchema } from '@skillroute/shared/earnings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { adminContextOf } from '../../plugins/services';
import { listPayouts, retryPayout } from './admin-payouts';
import { checkLedger } from './service';

const refusals = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const withInput = { ...refusals, 400: errorEnvelopeSchema };
const withLookups = { ...withInput, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

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

/** `/api/admin/payouts` (decision 058): every mentor's payouts and the retry of a failed one; admin cookies only. */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        summary: "Every mentor's payouts, latest first, by status",
        tags: ['admin'],
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsResponseSchema, ...withInput },
      },
    },
    async (request) => listPayouts(adminContextOf(request), request.query),
  );

  app.post(
    '/:id/retry',
    {
      schema: {
        summary: 'Pay a failed payout again, as a new payout of the same amount (once per failed payout)',
        tags: ['admin'],
        params: adminPayoutIdParamsSchema,
        response: { 200: adminPayoutRetryResponseSchema, ...withLookups },
      },
    },
    async (request) => retryPayout(adminContextOf(request), { payoutId: request.params.id }),
  );
};
