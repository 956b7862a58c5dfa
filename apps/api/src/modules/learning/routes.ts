import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingMessages } from '@skillroute/shared/bookings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { idSchema } from '@skillroute/shared/ids';
import {
  bookingLearningResponseSchema,
  RECOMMENDATIONS_MAX,
  RECOMMENDATIONS_WINDOW_MINUTES,
  recommendationsBodySchema,
  recommendationsLimitMessage,
  recommendationsResponseSchema,
} from '@skillroute/shared/learning';
import { perUserLimit } from '../../plugins/rate-limit';
import { userContextOf } from '../../plugins/services';
import {
  listMyRecommendations,
  listRecommendationsOnRoadmap,
  readBookingLearning,
  recommendTopics,
} from './service';

const tags = ['learning'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const bookingParams = z.object({ id: z.uuid(bookingMessages.notFound) });

/** `/api/bookings/:id/learning|recommendations` (DESIGN.md §4b "Learning with a mentor"): the mentor's side. */
export const learningBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/learning',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          "The mentee's roadmap, progress, chosen topics and (if shared) notes, for the booking's mentor only (404 to anyone else)",
        tags,
        params: bookingParams,
        response: { 200: bookingLearningResponseSchema, ...refusals },
      },
    },
    async (request) => readBookingLearning(userContextOf(request), { bookingId: request.params.id }),
  );

  app.post(
    '/:id/recommendations',
    {
      onRequest: app.requireUser,
      config: {
        ...perUserLimit({
          name: 'recommendations',
          max: RECOMMENDATIONS_MAX,
          windowMs: RECOMMENDATIONS_WINDOW_MINUTES * 60_000,
          message: recommendationsLimitMessage,
        }),
      },
      schema: {
        summary:
          "The booking's mentor recommends topics of its roadmap once the session has started; the mentee is notified (404 to anyone else)",
        tags,
        params: bookingParams,
        body: recommendationsBodySchema,
        response: { 200: recommendationsResponseSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      recommendations: await recommendTopics(userContextOf(request), {
        bookingId: request.params.id,
        nodeIds: request.body.nodeIds,
        note: request.body.note,
      }),
    }),
  );
};

/** `GET /api/roadmap/:id/recommendations`: the topics of a roadmap recommended to the signed-in reader. */
export const learningRoadmapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/recommendations',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The topics of this roadmap that the reader's mentors recommended to them (their own only)",
        tags,
        params: z.object({ id: idSchema }),
        response: { 200: recommendationsResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      recommendations: await listRecommendationsOnRoadmap(userContextOf(request), {
        roadmapId: request.params.id,
      }),
    }),
  );
};

/** `GET /api/user/recommendations`: the home page's "Your mentor suggests" (the reader's own only). */
export const learningUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/recommendations',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The topics the reader's mentors recommended to them, newest first",
        tags,
        response: { 200: recommendationsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ recommendations: await listMyRecommendations(userContextOf(request)) }),
  );
};
