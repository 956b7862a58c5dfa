import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { meetRoomSchema } from '@skillroute/shared/meet';
import { userContextOf } from '../../plugins/services';
import { getRoom } from './service';

const tags = ['meet'];

/** `/api/meet` (DESIGN.md §4 "Meeting rooms"): a room as its two people see it; the call itself runs on the `/meet` socket namespace. */
export const meetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:roomId',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          "A meeting room for the booking's mentor and mentee (404 to anyone else): the window, the peer, the polite role and the ICE servers",
        tags,
        // Any string: a malformed id is answered like an unknown room (404), not a 400 that says it is malformed.
        params: z.object({ roomId: z.string() }),
        response: { 200: meetRoomSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => getRoom(userContextOf(request), { roomId: request.params.roomId }),
  );
};
