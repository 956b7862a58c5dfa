import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  earningsResponseSchema,
  payoutMethodResponseSchema,
  payoutRequestBodySchema,
  payoutResponseSchema,
  statementQuerySchema,
} from '@skillroute/shared/earnings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { payoutMethodBodySchema } from '@skillroute/shared/payout-methods';
import { userContextOf } from '../../plugins/services';
import { payoutMethodOf, requestPayout, savePayoutMethod } from './payouts';
import { earningsOf, statementOf } from './service';

const refusals = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** `/api/earnings` (DESIGN.md §4b "Earnings, payouts, receipts"): a mentor's own earnings and payouts. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The signed-in mentor's balances, each paid session's split and their payouts (paise)",
        tags: ['earnings'],
        response: { 200: earningsResponseSchema, ...refusals },
      },
    },
    async (request) => earningsOf(userContextOf(request)),
  );

  app.get(
    '/statement.csv',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The signed-in mentor's sessions between two days of their calendar (both included), as CSV",
        tags: ['earnings'],
        querystring: statementQuerySchema,
        // Sent as the text itself (text/csv): a string body with its own type is not serialized as JSON.
        response: {
          200: z.string().describe('The statement (RFC 4180 CSV, one row per session)'),
          400: errorEnvelopeSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const csv = await statementOf(userContextOf(request), request.query);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="skillroute-statement-${from}-to-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/payout-method',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "Where the signed-in mentor's payouts go, as shown (never a whole account number), or null",
        tags: ['earnings'],
        response: { 200: payoutMethodResponseSchema, ...refusals },
      },
    },
    async (request) => payoutMethodOf(userContextOf(request)),
  );

  app.put(
    '/payout-method',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "Saves or replaces the signed-in mentor's UPI ID or bank account for payouts",
        tags: ['earnings'],
        body: payoutMethodBodySchema,
        response: { 200: payoutMethodResponseSchema, 400: errorEnvelopeSchema, ...refusals },
      },
    },
    async (request) => savePayoutMethod(userContextOf(request), request.body),
  );

  app.post(
    '/payouts',
    {
      onRequest: app.requireUser,
      // Money moves: a repeated key answers the first payout and pays nothing again (decision 049).
      config: { idempotent: true },
      schema: {
        summary: 'Pays out part or all of the available balance (at least PAYOUT_MINIMUM paise)',
        tags: ['earnings'],
        body: payoutRequestBodySchema,
        response: {
          201: payoutResponseSchema,
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const payout = await requestPayout(userContextOf(request), request.body);
      return reply.code(201).send({ payout });
    },
  );
};
