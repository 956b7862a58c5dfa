import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBookingIdParamsSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminRefundBodySchema,
  adminRefundResponseSchema,
  adminUserDetailsResponseSchema,
  adminUserIdParamsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  blockUserBodySchema,
  dashboardResponseSchema,
} from '@skillroute/shared/admin-console';
import { adminAuditListResponseSchema, adminAuditQuerySchema } from '@skillroute/shared/admin-audit';
import { restoreListingResponseSchema } from '@skillroute/shared/no-shows';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { adminContextOf } from '../../plugins/services';
import {
  auditTrail,
  dashboard,
  listBookings,
  listUsers,
  refundBooking,
  restoreMentorListing,
  retryRefund,
  setUserBlocked,
  userDetails,
} from './service';

const tags = ['admin'];
const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const withLookups = { ...refusals, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * `/api/admin` (DESIGN.md §4 "Admin"): the dashboard, users, bookings and the audit trail. Admin cookies only:
 * `requireAdmin` reads the admin access cookie, so a user's cookies are refused as no cookies are.
 */
export const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/dashboard',
    {
      schema: {
        summary: 'Counts and the last 30 days (UTC), from SQL aggregates',
        tags,
        response: { 200: dashboardResponseSchema, ...refusals },
      },
    },
    async (request) => dashboard(adminContextOf(request)),
  );

  app.get(
    '/users',
    {
      schema: {
        summary: 'Users by name or e-mail, role and block, newest first',
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...refusals },
      },
    },
    async (request) => listUsers(adminContextOf(request), request.query),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        summary: 'A user with their roadmaps, bookings and tests',
        tags,
        params: adminUserIdParamsSchema,
        response: { 200: adminUserDetailsResponseSchema, ...withLookups },
      },
    },
    async (request) => userDetails(adminContextOf(request), request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary:
          'Block (sessions and sockets ended, upcoming sessions cancelled and refunded) or unblock a user',
        tags,
        params: adminUserIdParamsSchema,
        body: blockUserBodySchema,
        response: { 200: adminUserResponseSchema, ...withLookups },
      },
    },
    async (request) => ({
      user: await setUserBlocked(adminContextOf(request), {
        userId: request.params.id,
        blocked: request.body.blocked,
      }),
    }),
  );

  app.post(
    '/mentors/:id/restore-listing',
    {
      schema: {
        summary: 'Put a mentor taken off the listing for their no-shows back on it',
        tags,
        params: adminUserIdParamsSchema,
        response: { 200: restoreListingResponseSchema, ...withLookups },
      },
    },
    async (request) => restoreMentorListing(adminContextOf(request), request.params.id),
  );

  app.get(
    '/bookings',
    {
      schema: {
        summary: 'Every booking, latest start first',
        tags,
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsResponseSchema, ...refusals },
      },
    },
    async (request) => listBookings(adminContextOf(request), request.query),
  );

  app.post(
    '/bookings/:id/refund',
    {
      schema: {
        summary: 'A full refund of a confirmed or completed booking, through its provider',
        tags,
        params: adminBookingIdParamsSchema,
        body: adminRefundBodySchema,
        response: { 200: adminRefundResponseSchema, ...withLookups },
      },
    },
    async (request) =>
      refundBooking(adminContextOf(request), { bookingId: request.params.id, reason: request.body.reason }),
  );

  app.post(
    '/bookings/:id/refund/retry',
    {
      schema: {
        summary: 'Ask the provider again for a refund that failed (only a failed one)',
        tags,
        params: adminBookingIdParamsSchema,
        response: { 200: adminRefundResponseSchema, ...withLookups },
      },
    },
    async (request) => retryRefund(adminContextOf(request), { bookingId: request.params.id }),
  );

  app.get(
    '/audit',
    {
      schema: {
        summary: 'Every admin action, newest first',
        tags,
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListResponseSchema, ...refusals },
      },
    },
    async (request) => auditTrail(adminContextOf(request), request.query.page),
  );
};
