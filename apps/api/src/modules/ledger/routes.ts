import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsResponseSchema, ledgerCheckResponseSchema } from '@skillroute/shared/earnings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { adminContextOf, userContextOf } from '../../plugins/services';
import { checkLedger, earningsOf } from './service';

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
