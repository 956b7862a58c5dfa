import type { ServiceContext } from '../../context/service-context';
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
