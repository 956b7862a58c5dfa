import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { waitlistResponseSchema } from '@skillroute/shared/bookings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { userContextOf } from '../../plugins/services';
import { getWaitlistStatus, joinWaitlist, leaveWaitlist } from './service';

const tags = ['waitlist'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const mentorParams = z.object({ mentorId: z.uuid(mentorMessages.mentorNotFound) });

/** `/api/mentors/:mentorId/waitlist` (DESIGN.md §4 "Waitlist"): being told when a slot of a mentor frees up. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:mentorId/waitlist',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Whether the caller waits for a slot of this mentor to free up',
        tags,
        params: mentorParams,
        response: { 200: waitlistResponseSchema, ...refusals },
      },
    },
    async (request) => getWaitlistStatus(userContextOf(request), request.params.mentorId),
  );

  app.post(
    '/:mentorId/waitlist',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          'Be told (live and by mail) when a slot of this mentor within the next 14 days frees up; 201 on joining, 200 when already waiting',
        tags,
        params: mentorParams,
        response: { 200: waitlistResponseSchema, 201: waitlistResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { joined } = await joinWaitlist(userContextOf(request), request.params.mentorId);
      return reply.code(joined ? 201 : 200).send({ waiting: true });
    },
  );

  app.delete(
    '/:mentorId/waitlist',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "Leave this mentor's waitlist (leaving when not on it is fine)",
        tags,
        params: mentorParams,
        response: { 200: waitlistResponseSchema, ...refusals },
      },
    },
    async (request) => leaveWaitlist(userContextOf(request), request.params.mentorId),
  );
};
