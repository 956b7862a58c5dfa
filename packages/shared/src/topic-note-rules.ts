import { msg } from './i18n/msg';
import { waitInWords } from './marketplace-limits';

/**
 * A reader's private notes on a roadmap's topics (DESIGN.md §4b "Learning with a mentor"): the limits and the
 * words the api and the topic drawer say about them. Without zod, so the roadmap page can use them and stay
 * light; the requests and responses are in ./topic-notes.
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
  notText: msg('A note must be text.'),
  tooLong: msg('Keep a note to {max} characters or fewer.', { max: TOPIC_NOTE_MAX.toLocaleString('en-US') }),
  topicNotFound: msg('This topic is not part of the roadmap any more.'),
  saves: (waitSeconds: number) =>
    msg(
      'You have saved notes {noteSaves} times in {noteMinutes} minutes. You can save again in {noteWait}.',
      {
        noteSaves: TOPIC_NOTE_SAVES_MAX,
        noteMinutes: TOPIC_NOTE_SAVES_WINDOW_MINUTES,
        noteWait: waitInWords(waitSeconds),
      },
    ),
  // The drawer's words.
  label: msg('Your notes'),
  private: msg('Only you can see this.'),
  saving: msg('Saving…'),
  saved: msg('Saved'),
  notSaved: msg('Your note could not be saved.'),
  retry: msg('Try again'),
  hasNote: msg('has a note'),
  removedHeading: msg('Notes on removed topics'),
  removedIntro: msg(
    'These topics are no longer part of the roadmap. Your notes on them are kept here until you delete them.',
  ),
} as const;

/** Whether a saved text deletes the note: an empty one, or one of only spaces and line breaks. */
export const isEmptyNote = (text: string): boolean => text.trim() === '';
