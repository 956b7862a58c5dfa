import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@skillroute/shared/auth';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { createdIdSchema, idSchema } from '@skillroute/shared/ids';
import {
  createNodeBodySchema,
  createRoadmapBodySchema,
  nodeDetailsResponseSchema,
  myProgressResponseSchema,
  progressBodySchema,
  progressResponseSchema,
  publishRoadmapBodySchema,
  publishedRoadmapListSchema,
  publishedRoadmapQuerySchema,
  roadmapIdParamsSchema,
  roadmapListSchema,
  roadmapSchema,
  roadmapStatusQuerySchema,
} from '@skillroute/shared/roadmap-api';
import { roadmapMessages } from '@skillroute/shared/roadmap-rules';
import type { Viewer } from '../../context/ports';
import { contextOf, userContextOf } from '../../plugins/services';
import { sendSerialized } from '../../lib/serialized-body';
import {
  createNode,
  createRoadmap,
  getNodeDetails,
  getProgress,
  listOwnRoadmaps,
  listMyProgress,
  listProfileRoadmaps,
  publishRoadmap,
  readPublishedList,
  readRoadmap,
  searchPublishedRoadmaps,
  setProgress,
} from './service';

const tags = ['roadmaps'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const profileParamsSchema = z.object({ mentorId: idSchema });

/** Whoever the cookies say is asking, if anyone: the public routes serve everyone, drafts only some. */
function viewerOf(request: FastifyRequest): Viewer {
  return {
    userId: request.user?.id,
    isAdmin: request.admin !== null,
    sessionLapsed: request.userSessionLapsed,
  };
}

/** `/api/roadmap` (spec §7 "Roadmaps", DESIGN.md §4): the authors' side, and reading for everyone. */
export const roadmapRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: app.requireUser };
  const anyone = { onRequest: app.identify };

  app.post(
    '/',
    {
      ...signedIn,
      schema: {
        summary: 'Start a roadmap (drafted, not yet submitted)',
        tags,
        body: createRoadmapBodySchema,
        response: { 201: createdIdSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await createRoadmap(userContextOf(request), request.body)),
  );

  app.get(
    '/',
    {
      ...signedIn,
      schema: {
        summary: "The signed-in user's own roadmaps",
        tags,
        querystring: roadmapStatusQuerySchema,
        response: { 200: roadmapListSchema, ...refusals },
      },
    },
    async (request) => ({ roadmaps: await listOwnRoadmaps(userContextOf(request), request.query.status) }),
  );

  app.post(
    '/node',
    {
      ...signedIn,
      schema: {
        summary: 'Create a node dropped on the canvas; it counts once the roadmap is saved',
        tags,
        body: createNodeBodySchema,
        response: { 201: createdIdSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await createNode(userContextOf(request), request.body)),
  );

  app.post(
    '/publish',
    {
      ...signedIn,
      schema: {
        summary: 'Save the whole graph in one transaction and submit it for review',
        tags,
        body: publishRoadmapBodySchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await publishRoadmap(userContextOf(request), request.body);
      return { message: roadmapMessages.saved };
    },
  );

  app.get(
    '/published',
    {
      // The list without a search is the same for everyone: sent again to the next anonymous reader.
      config: { replayAnswers: true },
      schema: {
        summary: 'Published and listed roadmaps, optionally searched by title, description or topic',
        tags,
        querystring: publishedRoadmapQuerySchema,
        response: { 200: publishedRoadmapListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (request.query.search)
        return { roadmaps: await searchPublishedRoadmaps(contextOf(request), request.query.search) };
      return sendSerialized(request, reply, await readPublishedList(contextOf(request)));
    },
  );

  app.get(
    '/progress/mine',
    {
      ...signedIn,
      schema: {
        summary: 'How far the signed-in reader is in each roadmap they have marked topics of',
        tags,
        response: { 200: myProgressResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({ roadmaps: await listMyProgress(userContextOf(request)) }),
  );

  app.get(
    '/profile/:mentorId',
    {
      ...signedIn,
      schema: {
        summary: "A person's roadmaps: all of one's own, only the published and listed ones of anyone else",
        tags,
        params: profileParamsSchema,
        querystring: roadmapStatusQuerySchema,
        response: { 200: roadmapListSchema, ...refusals },
      },
    },
    async (request) => ({
      roadmaps: await listProfileRoadmaps(userContextOf(request), {
        profileId: request.params.mentorId,
        status: request.query.status,
      }),
    }),
  );

  app.get(
    '/nodedetails/:id',
    {
      ...anyone,
      schema: {
        summary: "A roadmap's node content and links",
        tags,
        params: roadmapIdParamsSchema,
        response: { 200: nodeDetailsResponseSchema, ...refusals },
      },
    },
    async (request) =>
      getNodeDetails(contextOf(request), { id: request.params.id, viewer: viewerOf(request) }),
  );

  app.get(
    '/:id',
    {
      ...anyone,
      // An anonymous reader is sent a published, listed roadmap only, the same for every such reader.
      config: { replayAnswers: true },
      schema: {
        summary: 'A roadmap with its graph (drafts only for their author and admins)',
        tags,
        params: roadmapIdParamsSchema,
        response: { 200: roadmapSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await readRoadmap(contextOf(request), { id: request.params.id, viewer: viewerOf(request) }),
      ),
  );

  app.get(
    '/:id/progress',
    {
      ...signedIn,
      schema: {
        summary: "The signed-in reader's marks on a roadmap's topics",
        tags,
        params: roadmapIdParamsSchema,
        response: { 200: progressResponseSchema, ...refusals },
      },
    },
    async (request) => ({ progress: await getProgress(userContextOf(request), request.params.id) }),
  );

  app.put(
    '/:id/progress',
    {
      ...signedIn,
      schema: {
        summary: 'Mark a topic done, in progress, skipped or pending',
        tags,
        params: roadmapIdParamsSchema,
        body: progressBodySchema,
        response: { 200: progressResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      progress: await setProgress(userContextOf(request), {
        roadmapId: request.params.id,
        body: request.body,
      }),
    }),
  );
};
