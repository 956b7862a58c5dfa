import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@skillroute/shared/auth';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import {
  adminRoadmapQuerySchema,
  listingResponseSchema,
  reviewRoadmapBodySchema,
  roadmapIdBodySchema,
  roadmapListSchema,
} from '@skillroute/shared/roadmap-api';
import { roadmapMessages } from '@skillroute/shared/roadmap-rules';
import { adminContextOf } from '../../plugins/services';
import { listRoadmapsForAdmin, reviewRoadmap, toggleListing } from './service';

const tags = ['admin', 'roadmaps'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** `/api/admin/roadmap` (spec §7 "Admin"): the review queue, decisions, and listing. Admin cookies only. */
export const adminRoadmapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        summary: 'Roadmaps by status; drafted is the review queue (submitted ones, oldest first)',
        tags,
        querystring: adminRoadmapQuerySchema,
        response: { 200: roadmapListSchema, ...refusals },
      },
    },
    async (request) => ({
      roadmaps: await listRoadmapsForAdmin(adminContextOf(request), request.query.status),
    }),
  );

  app.post(
    '/review',
    {
      schema: {
        summary: 'Approve (publish) or reject (with feedback) a roadmap in the queue',
        tags,
        body: reviewRoadmapBodySchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await reviewRoadmap(adminContextOf(request), request.body);
      return { message: roadmapMessages.reviewed };
    },
  );

  app.put(
    '/list-unlist',
    {
      schema: {
        summary: 'List or unlist a published roadmap',
        tags,
        body: roadmapIdBodySchema,
        response: { 200: listingResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const isActive = await toggleListing(adminContextOf(request), request.body.roadmapId);
      return { message: roadmapMessages.reviewed, isActive };
    },
  );
};
