import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import {
  mentorListQuerySchema,
  mentorListResponseSchema,
  mentorMessages,
  mentorProfileResponseSchema,
  mentorSkillParamsSchema,
  mentorUpdateBodySchema,
  mentorUpdateResponseSchema,
} from '@skillroute/shared/mentors';
import { contextOf, userContextOf } from '../../plugins/services';
import { sendSerialized } from '../../lib/serialized-body';
import { readMentorDetails, readMentorListing, updateMentor } from './service';

const tags = ['mentors'];

/** A query without the parameters that came empty (`?page=`), so each reads as absent. */
const dropEmptyValues = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** `/api/mentor` (spec §7 "Mentors"): a mentor's profile, read by anyone and changed by its mentor. */
export const mentorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/details/:id',
    {
      // Only the mentor's own token is asked about its session: everyone else reads the page without the e-mail.
      onRequest: app.identifyIfTokenFor((request) => (request.params as { id?: string }).id),
      // An anonymous reader's page (without the e-mail) is the URL's alone: sent again before the framework.
      config: { replayAnswers: true },
      schema: {
        summary: "A mentor's profile (the e-mail only to the mentor themself)",
        tags,
        params: z.object({ id: z.uuid(mentorMessages.mentorNotFound) }),
        response: { 200: mentorProfileResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await readMentorDetails(contextOf(request), {
          mentorId: request.params.id,
          callerId: request.user?.id,
        }),
      ),
  );

  app.put(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "Change one's own headline, bio, experience, languages or companies",
        tags,
        body: mentorUpdateBodySchema,
        response: { 200: mentorUpdateResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: mentorMessages.profileSaved,
      mentor: await updateMentor(userContextOf(request), request.body),
    }),
  );

  // After /details/:id, which the router prefers for its static part.
  app.get(
    '/:skill',
    {
      // The reader is only left out of the page, which shows them nothing private: their token's claims suffice.
      onRequest: app.readToken,
      // An anonymous reader's page is the URL's alone: the next one asking the same is sent it before the framework.
      config: { replayAnswers: true },
      // The spec's client writes `?userId=…` for every visitor, and a client may write every key (`&page=`):
      // a parameter sent empty reads as absent, so it gets the default rather than a 400.
      preValidation: async (request) => {
        request.query = dropEmptyValues(request.query as Record<string, unknown>) as typeof request.query;
      },
      schema: {
        summary:
          'The mentors one may book, of one stack (any case) or `all`: filtered, searched, ranked and paged',
        tags,
        params: mentorSkillParamsSchema,
        querystring: mentorListQuerySchema,
        response: { 200: mentorListResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await readMentorListing(contextOf(request), {
          skill: request.params.skill,
          query: request.query,
          caller: request.reader ?? undefined,
        }),
      ),
  );
};
