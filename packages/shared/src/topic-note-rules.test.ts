import { describe, expect, it } from 'vitest';
import { TOPIC_NOTE_MAX, topicNoteMessages } from './topic-note-rules';

describe('topicNoteMessages', () => {
  it('writes the longest note with commas between its thousands, as en-US does', () => {
    expect(topicNoteMessages.tooLong).toBe(
      `Keep a note to ${TOPIC_NOTE_MAX.toLocaleString('en-US')} characters or fewer.`,
    );
    expect(topicNoteMessages.tooLong).toBe('Keep a note to 10,000 characters or fewer.');
  });
});
