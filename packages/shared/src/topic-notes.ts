import { z } from 'zod';
import { idSchema } from './ids';
import { waitInWords } from './marketplace-limits';

/**
 * A reader's private notes on a roadmap's topics (DESIGN.md §4b "Learning with a mentor"): the limits, the
 * request and response of `GET /api/roadmap/:id/notes` and `PUT /api/roadmap/:id/notes/:nodeId`, and the words
 * the api and the topic drawer say about them.
 */

/** The longest note, in characters. */
export const TOPIC_NOTE_MAX = 10_000;
/**
 * Saves per signed-in user in the window below. The drawer saves after each pause in typing (TOPIC_NOTE_SAVE_DELAY_MS),
 * so a person writing steadily makes at most one save every second or two: this is far above that, and still
 * bounds what a script can make the database do.
 */
export const TOPIC_NOTE_SAVES_MAX = 300;
export const TOPIC_NOTE_SAVES_WINDOW_MINUTES = 10;
/** How long the drawer waits after the last keystroke before it saves. */
export const TOPIC_NOTE_SAVE_DELAY_MS = 800;

export const topicNoteMessages = {
  notText: 'A note must be text.',
  tooLong: `Keep a note to ${TOPIC_NOTE_MAX.toLocaleString('en-US')} characters or fewer.`,
  topicNotFound: 'This topic is not part of the roadmap any more.',
  saves: (waitSeconds: number) =>
    `You have saved notes ${TOPIC_NOTE_SAVES_MAX} times in ${TOPIC_NOTE_SAVES_WINDOW_MINUTES} minutes. You can save again in ${waitInWords(waitSeconds)}.`,
  // The drawer's words.
  label: 'Your notes',
  private: 'Only you can see this.',
  saving: 'Saving…',
  saved: 'Saved',
  notSaved: 'Your note could not be saved.',
  retry: 'Try again',
  hasNote: 'has a note',
  removedHeading: 'Notes on removed topics',
  removedIntro:
    'These topics are no longer part of the roadmap. Your notes on them are kept here until you delete them.',
} as const;

/** Whether a saved text deletes the note: an empty one, or one of only spaces and line breaks. */
export const isEmptyNote = (text: string): boolean => text.trim() === '';

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
