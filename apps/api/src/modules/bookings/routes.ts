import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingMessages,
  bookingResponseSchema,
  cancelBookingBodySchema,
  cancelBookingResponseSchema,
  createBookingBodySchema,
  rescheduleBookingBodySchema,
  sessionNotesBodySchema,
} from '@skillroute/shared/bookings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import {
  BOOKING_REQUESTS_MAX,
  BOOKING_REQUESTS_WINDOW_MINUTES,
  limitMessages,
  NOTES_SAVES_MAX,
  NOTES_SAVES_WINDOW_MINUTES,
  RESCHEDULE_REQUESTS_MAX,
  RESCHEDULE_REQUESTS_WINDOW_MINUTES,
} from '@skillroute/shared/marketplace-limits';
import { idSchema } from '@skillroute/shared/ids';
import { perUserLimit } from '../../plugins/rate-limit';
import { userContextOf } from '../../plugins/services';
import { bookingCalendar } from './calendar';
import { cancelBooking } from './cancellations';
import { createBooking } from './holds';
import { writeSessionNotes } from './notes';
import { rescheduleBooking } from './reschedule';
import { getBooking, listBookings } from './service';

const tags = ['bookings'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const personParams = z.object({ mentorId: idSchema });
/** `?status=` sent empty (a page's "all" choice) reads as no filter rather than a 400. */
const dropEmptyStatus = async (request: { query: unknown }) => {
  const query = request.query as Record<string, unknown>;
  if (query.status === '') delete query.status;
};

/** `/api/bookings` (DESIGN.md §4 "Bookings and payments"): holding a slot, and one's own bookings. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: app.requireUser,
      // Per signed-in user, after the guard (DESIGN.md §4b): many accounts behind one address each keep theirs.
      config: {
        idempotent: true,
        ...perUserLimit({
          name: 'bookings',
          max: BOOKING_REQUESTS_MAX,
          windowMs: BOOKING_REQUESTS_WINDOW_MINUTES * 60_000,
          message: limitMessages.bookingRequests,
        }),
      },
      schema: {
        summary: "Hold one of a mentor's free slots for 15 minutes while paying (status pending_payment)",
        tags,
        body: createBookingBodySchema,
        response: { 201: bookingResponseSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ booking: await createBooking(userContextOf(request), request.body) }),
  );

  app.get(
    '/detail/:id',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'One booking, for its mentor and its mentee (404 to anyone else)',
        tags,
        params: z.object({ id: z.uuid(bookingMessages.notFound) }),
        response: { 200: bookingResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      booking: await getBooking(userContextOf(request), { bookingId: request.params.id }),
    }),
  );

  app.get(
    '/:id/calendar.ics',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          "A confirmed booking's calendar event (text/calendar), the one its confirmation mail carries; for its mentor and its mentee (404 to anyone else)",
        tags,
        params: z.object({ id: z.uuid(bookingMessages.notFound) }),
        // Sent as the text itself (text/calendar): a string body with its own type is not serialized as JSON.
        response: { 200: z.string().describe('The iCalendar text (RFC 5545)'), ...refusals },
      },
    },
    async (request, reply) => {
      const invite = await bookingCalendar(userContextOf(request), { bookingId: request.params.id });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${invite.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(invite.content);
    },
  );

  app.post(
    '/:id/cancel',
    {
      onRequest: app.requireUser,
      config: { idempotent: true },
      schema: {
        summary:
          'Cancel a confirmed session before it starts, with a reason; the mentee gets the refund the tiers give (the mentor cancelling: all of it)',
        tags,
        params: z.object({ id: z.uuid(bookingMessages.notFound) }),
        body: cancelBookingBodySchema,
        response: { 200: cancelBookingResponseSchema, ...refusals },
      },
    },
    async (request) =>
      cancelBooking(userContextOf(request), { bookingId: request.params.id, body: request.body }),
  );

  app.post(
    '/:id/reschedule',
    {
      onRequest: app.requireUser,
      config: {
        idempotent: true,
        ...perUserLimit({
          name: 'booking-reschedule',
          max: RESCHEDULE_REQUESTS_MAX,
          windowMs: RESCHEDULE_REQUESTS_WINDOW_MINUTES * 60_000,
          message: limitMessages.rescheduleRequests,
        }),
      },
      schema: {
        summary:
          'Move a confirmed session to another free slot of the same mentor, at no charge: the mentee more than 12 hours ahead, the mentor before the start, at most twice (404 to anyone but its two people)',
        tags,
        params: z.object({ id: z.uuid(bookingMessages.notFound) }),
        body: rescheduleBookingBodySchema,
        response: { 200: bookingResponseSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      booking: await rescheduleBooking(userContextOf(request), {
        bookingId: request.params.id,
        body: request.body,
      }),
    }),
  );

  app.post(
    '/:id/notes',
    {
      onRequest: app.requireUser,
      config: {
        ...perUserLimit({
          name: 'booking-notes',
          max: NOTES_SAVES_MAX,
          windowMs: NOTES_SAVES_WINDOW_MINUTES * 60_000,
          message: limitMessages.notesSaves,
        }),
      },
      schema: {
        summary:
          "The mentor's notes and homework for a session that has started (replacing earlier ones); the mentee is told a few minutes later (404 to anyone but the mentor)",
        tags,
        params: z.object({ id: z.uuid(bookingMessages.notFound) }),
        body: sessionNotesBodySchema,
        response: { 200: bookingResponseSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      booking: await writeSessionNotes(userContextOf(request), {
        bookingId: request.params.id,
        body: request.body,
      }),
    }),
  );

  app.get(
    '/profile/:mentorId',
    {
      onRequest: app.requireUser,
      preValidation: dropEmptyStatus,
      schema: {
        summary:
          "One's own bookings as mentee and as mentor: future ones by start time, then past ones newest first",
        tags,
        params: personParams,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      bookings: await listBookings(userContextOf(request), {
        userId: request.params.mentorId,
        query: request.query,
        scope: 'all',
      }),
    }),
  );

  // After /detail/:id and /profile/:mentorId, which the router prefers for their static part.
  app.get(
    '/:mentorId',
    {
      onRequest: app.requireUser,
      preValidation: dropEmptyStatus,
      schema: {
        summary: "A mentor's own bookings as mentor: future ones by start time, then past ones newest first",
        tags,
        params: personParams,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      bookings: await listBookings(userContextOf(request), {
        userId: request.params.mentorId,
        query: request.query,
        scope: 'as_mentor',
      }),
    }),
  );
};
