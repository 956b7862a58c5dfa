import { isEmptyNote, topicNoteMessages } from '@skillroute/shared/topic-note-rules';
import { type TopicNote } from '@skillroute/shared/topic-notes';
import type { ServiceContext, UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { assertReadableByUser, findTopicLabel } from '../roadmaps/service';
import * as repository from './repository';

// A reader's private notes on a roadmap's topics (DESIGN.md §4b "Learning with a mentor"): only their author
// reads them, except what the author shares with a session's mentor (the learning module asks here).

/**
 * The notes `userId` wrote on `nodeIds` of a roadmap, node id → text: for the mentor of a session whose mentee
 * chose to share them (the caller checked that), never for anyone else.
 */
export async function notesOnTopics(
  ctx: ServiceContext,
  input: { userId: string; roadmapId: string; nodeIds: readonly string[] },
): Promise<Map<string, string>> {
  return repository.notesOnTopics(ctx.db, input);
}

/**
 * `GET /api/roadmap/:id/notes`: every note of the signed-in reader on a roadmap they may read, those on topics
 * the roadmap no longer has included (the page lists them apart, under the label they were saved with).
 */
export async function listTopicNotes(ctx: UserContext, roadmapId: string): Promise<TopicNote[]> {
  await assertReadableByUser(ctx, roadmapId);
  return repository.listNotes(ctx.db, { userId: ctx.user.id, roadmapId });
}

/**
 * `PUT /api/roadmap/:id/notes/:nodeId`: writes the reader's note on a topic the roadmap has now, keeping the
 * topic's label with it; a blank text deletes the note, on any node id (a note on a removed topic can only be
 * read and deleted). The same text again writes nothing and answers the same.
 */
export async function saveTopicNote(
  ctx: UserContext,
  input: { roadmapId: string; nodeId: string; text: string },
): Promise<TopicNote | null> {
  await assertReadableByUser(ctx, input.roadmapId);
  const key = { userId: ctx.user.id, roadmapId: input.roadmapId, nodeId: input.nodeId };
  if (isEmptyNote(input.text)) {
    await repository.deleteNote(ctx.db, key);
    return null;
  }
  const label = await findTopicLabel(ctx, input);
  if (label === undefined) throw new AppError('not_found', topicNoteMessages.topicNotFound);
  return repository.saveNote(ctx.db, { ...key, label, text: input.text, now: ctx.clock.now() });
}
