import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { mentorMessages, mentorProfileResponseSchema, mentorUpdateBodySchema, mentorUpdateResponseSchema } from '@skillroute/shared/mentors';
import { contextOf, userContextOf } from '../../plugins/services';
import { getMentorDetails, updateMentor } from './service';

const tags = ['mentors'];
const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** `/api/mentor` (spec §7 "Mentors"): a mentor's profile, read by anyone and changed by its mentor. */
export const mentorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/details/:id',
    {
      onRequest: app.identify,
      schema: {
        summary: "A mentor's profile (the e-mail only to the mentor themself)",
        tags,
        params: z.object({ id: z.uuid(mentorMessages.mentorNotFound) }),
        response: { 200: mentorProfileResponseSchema, ...refusals },
      },
    },
    async (request) => ({ mentor: await getMentorDetails(contextOf(request), request.params.id, request.user?.id) }),
  );

  app.put(
    '/',
    {
      onRequest: app.requireUser,
      schema: { summary: "Change one's own headline, bio, experience or languages", tags, body: mentorUpdateBodySchema, response: { 200: mentorUpdateResponseSchema, ...refusals } },
    },
    async (request) => ({ message: mentorMessages.profileSaved, mentor: await updateMentor(userContextOf(request), request.body) }),
  );
};
