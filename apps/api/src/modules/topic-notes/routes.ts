import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { roadmapIdParamsSchema } from '@skillroute/shared/roadmap-api';
import {
  TOPIC_NOTE_SAVES_MAX,
  TOPIC_NOTE_SAVES_WINDOW_MINUTES,
  topicNoteMessages,
} from '@skillroute/shared/topic-note-rules';
import {
  topicNoteBodySchema,
  topicNoteParamsSchema,
  topicNoteResponseSchema,
  topicNotesResponseSchema,
} from '@skillroute/shared/topic-notes';
import { perUserLimit } from '../../plugins/rate-limit';
import { userContextOf } from '../../plugins/services';
import { listTopicNotes, saveTopicNote } from './service';

const tags = ['topic notes'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** `/api/roadmap/:id/notes` (DESIGN.md §4b "Learning with a mentor"): a signed-in reader's private notes on topics. */
export const topicNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/notes',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          "The signed-in reader's own notes on a roadmap's topics, those on topics since removed included (404 for a roadmap they cannot read)",
        tags,
        params: roadmapIdParamsSchema,
        response: { 200: topicNotesResponseSchema, ...refusals },
      },
    },
    async (request) => ({ notes: await listTopicNotes(userContextOf(request), request.params.id) }),
  );

  app.put(
    '/:id/notes/:nodeId',
    {
      onRequest: app.requireUser,
      // Per signed-in user, after the guard: the drawer saves as one types (debounced), a script could not.
      config: {
        ...perUserLimit({
          name: 'topic-notes',
          max: TOPIC_NOTE_SAVES_MAX,
          windowMs: TOPIC_NOTE_SAVES_WINDOW_MINUTES * 60_000,
          message: topicNoteMessages.saves,
        }),
      },
      schema: {
        summary:
          "Write the reader's note on a topic of the roadmap (≤ 10,000 characters, kept as written); an empty or blank text deletes it, on any node id. Always 200 with the note as it is now, null once deleted; the same text again writes nothing",
        tags,
        params: topicNoteParamsSchema,
        body: topicNoteBodySchema,
        response: { 200: topicNoteResponseSchema, ...refusals, 429: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      note: await saveTopicNote(userContextOf(request), {
        roadmapId: request.params.id,
        nodeId: request.params.nodeId,
        text: request.body.text,
      }),
    }),
  );
};
