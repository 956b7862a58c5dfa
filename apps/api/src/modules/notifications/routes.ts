import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import {
  markReadBodySchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationCountResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
} from '@skillroute/shared/notifications';
import { userContextOf } from '../../plugins/services';
import { countOwnUnread, listOwnNotifications, markOwnRead } from './service';

const tags = ['notifications'];
const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
// The spec's paths name the user by e-mail; anything but the caller's own is refused in the service.
const emailParamsSchema = z.object({ email: z.string().max(254, 'The e-mail is too long') });

/** `/api/user/notifications` (spec §7 "User and notifications"): one's own notifications only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification-count/:email',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'How many of my notifications are unread',
        tags,
        params: emailParamsSchema,
        response: { 200: notificationCountResponseSchema, ...refusals },
      },
    },
    async (request) => countOwnUnread(userContextOf(request), request.params.email),
  );

  app.get(
    '/:email',
    {
      onRequest: app.requireUser,
      schema: {
        summary: `My notifications, newest first, ${NOTIFICATIONS_PAGE_SIZE} a page (skip counts rows)`,
        tags,
        params: emailParamsSchema,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...refusals },
      },
    },
    async (request) =>
      listOwnNotifications(userContextOf(request), {
        email: request.params.email,
        skip: request.query.skip,
      }),
  );

  app.put(
    '/read',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Mark the given notifications read (all when ids is left out); returns the unread count',
        tags,
        body: markReadBodySchema,
        response: { 200: notificationCountResponseSchema, ...refusals },
      },
    },
    async (request) => markOwnRead(userContextOf(request), request.body.ids),
  );
};
