import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingMessages,
  mentorReviewsQuerySchema,
  mentorReviewsResponseSchema,
  reviewBodySchema,
  reviewResponseSchema,
} from '@skillroute/shared/bookings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { contextOf, userContextOf } from '../../plugins/services';
import { listMentorReviews, reviewBooking } from './service';

const tags = ['reviews'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/**
 * Reviews of completed sessions (DESIGN.md §4 "Bookings and payments"), registered under `/api`: written on a
 * booking (`/api/bookings/:id/review`), read on a mentor (`/api/mentors/:mentorId/reviews`).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:id/review',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The mentee's rating (1–5) and review of a completed session, once",
        tags,
        params: z.object({ id: z.uuid(bookingMessages.notFound) }),
        body: reviewBodySchema,
        response: { 201: reviewResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        review: await reviewBooking(userContextOf(request), {
          bookingId: request.params.id,
          body: request.body,
        }),
      }),
  );

  app.get(
    '/mentors/:mentorId/reviews',
    {
      schema: {
        summary: "A mentor's reviews, newest first, a page at a time (public)",
        tags,
        params: z.object({ mentorId: z.uuid(mentorMessages.mentorNotFound) }),
        querystring: mentorReviewsQuerySchema,
        response: { 200: mentorReviewsResponseSchema, ...refusals },
      },
    },
    async (request) =>
      listMentorReviews(contextOf(request), { mentorId: request.params.mentorId, page: request.query.page }),
  );
};
