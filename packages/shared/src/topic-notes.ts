import { z } from 'zod';
import { idSchema } from './ids';
import { TOPIC_NOTE_MAX, topicNoteMessages } from './topic-note-rules';

/**
 * The request and response of `GET /api/roadmap/:id/notes` and `PUT /api/roadmap/:id/notes/:nodeId` (DESIGN.md
 * §4b "Learning with a mentor"); the limits and messages they use are in ./topic-note-rules.
 */

export const topicNoteParamsSchema = z.object({ id: idSchema, nodeId: idSchema });

/**
 * `PUT /api/roadmap/:id/notes/:nodeId`: the whole text, kept as written (its line breaks and indentation are the
 * reader's); an empty or blank text deletes the note.
 */
export const topicNoteBodySchema = z.object({
  text: z.string(topicNoteMessages.notText).max(TOPIC_NOTE_MAX, topicNoteMessages.tooLong),
});
export type TopicNoteBody = z.infer<typeof topicNoteBodySchema>;

/** A note, with the label its topic had when it was last saved (what a note on a removed topic is listed under). */
export const topicNoteSchema = z.object({
  nodeId: z.string(),
  label: z.string(),
  text: z.string(),
  updatedAt: z.string(),
});
export const topicNotesResponseSchema = z.object({ notes: z.array(topicNoteSchema) });
/** The note as it is after the save; null once deleted (or when there was none to delete). */
export const topicNoteResponseSchema = z.object({ note: topicNoteSchema.nullable() });

export type TopicNote = z.infer<typeof topicNoteSchema>;
export type TopicNotesResponse = z.infer<typeof topicNotesResponseSchema>;
export type TopicNoteResponse = z.infer<typeof topicNoteResponseSchema>;
