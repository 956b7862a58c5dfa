import { localeOfUser } from '../users/service';
import type {
  CreateNodeBody,
  CreateRoadmapBody,
  NodeDetail,
  ProgressBody,
  ProgressEntry,
  PublishedRoadmap,
  PublishRoadmapBody,
  ReviewRoadmapBody,
  Roadmap,
  RoadmapProgressSummary,
  RoadmapSummary,
} from '@skillroute/shared/roadmap-api';
import {
  ROADMAP_UNSAVED_NODES_MAX,
  roadmapMessages,
  type RoadmapStatus,
} from '@skillroute/shared/roadmap-rules';
import type { Viewer } from '../../context/ports';
import type { AdminContext, ServiceContext, UserContext } from '../../context/service-context';
import type { UnitOfWork } from '../../context/unit-of-work';
import { AppError } from '../../lib/errors';
import { recordAdminAction } from '../audit/service';
import type { SerializedBody } from '../../lib/serialized-body';
import * as repository from './repository';
import {
  afterSave,
  assertEditable,
  assertListable,
  assertReadable,
  assertReviewable,
  reviewAuditEntry,
  reviewNotice,
  reviewOutcome,
  unknownNodeIndexes,
} from './rules';

/**
 * A roadmap changed in this unit of work: every api process hears of it once committed (`announceChange`, a
 * NOTIFY in the transaction), and this one forgets its cached copy at once, before its answer goes out.
 */
async function changed(
  ctx: ServiceContext,
  { tx, afterCommit }: Pick<UnitOfWork, 'tx' | 'afterCommit'>,
  roadmapId: string,
): Promise<void> {
  await repository.announceChange(tx, roadmapId);
  afterCommit(() => ctx.roadmapCache.forget(roadmapId));
}

/** `POST /api/roadmap`: a new drafted roadmap, not yet submitted. */
export async function createRoadmap(ctx: UserContext, body: CreateRoadmapBody): Promise<{ id: string }> {
  return { id: await repository.insertRoadmap(ctx.db, { authorId: ctx.user.id, ...body }) };
}

/**
 * `POST /api/roadmap/node`: a node dropped on the canvas gets its id here; it counts once saved, and a save
 * that does not list it removes it. At most ROADMAP_UNSAVED_NODES_MAX wait at once (counted under the
 * roadmap's lock, so parallel drops cannot pass the cap together).
 */
export async function createNode(ctx: UserContext, body: CreateNodeBody): Promise<{ id: string }> {
  const { roadmapId, ...node } = body;
  return ctx.unitOfWork(async ({ tx }) => {
    assertEditable(await repository.findRoadmapState(tx, roadmapId, { lock: true }), ctx.user.id);
    if ((await repository.countUnsavedNodes(tx, roadmapId)) >= ROADMAP_UNSAVED_NODES_MAX)
      throw new AppError('conflict', roadmapMessages.unsavedNodesMax);
    return { id: await repository.insertUnsavedNode(tx, roadmapId, node) };
  });
}

/**
 * `POST /api/roadmap/publish`: the whole graph replaces the previous one in one transaction, and the
 * roadmap goes (back) into the review queue. The row lock makes two saves at once take turns.
 */
export async function publishRoadmap(ctx: UserContext, body: PublishRoadmapBody): Promise<void> {
  await ctx.unitOfWork(async ({ tx, afterCommit }) => {
    assertEditable(await repository.findRoadmapState(tx, body.roadmapId, { lock: true }), ctx.user.id);
    const known = await repository.nodeIdsOf(
      tx,
      body.roadmapId,
      body.nodes.map((node) => node.id),
    );
    const unknown = unknownNodeIndexes(body.nodes, known);
    if (unknown.length > 0) {
      throw new AppError(
        'bad_request',
        roadmapMessages.unknownNode,
        unknown.map((index) => ({ message: roadmapMessages.unknownNode, field: `nodes.${index}.id` })),
      );
    }
    await repository.replaceGraph(tx, body.roadmapId, body);
    await repository.updateRoadmap(tx, body.roadmapId, afterSave(ctx.clock.now()));
    await changed(ctx, { tx, afterCommit }, body.roadmapId);
  });
}

export async function listOwnRoadmaps(ctx: UserContext, status?: RoadmapStatus): Promise<RoadmapSummary[]> {
  return repository.listRoadmaps(ctx.db, { authorId: ctx.user.id, status });
}

/** `GET /api/roadmap/profile/:userId`: all of one's own; of someone else, only what everyone may see. */
export async function listProfileRoadmaps(
  ctx: UserContext,
  input: { profileId: string; status?: RoadmapStatus },
): Promise<RoadmapSummary[]> {
  const { profileId, status } = input;
  const { db } = ctx;
  if (profileId === ctx.user.id) return repository.listRoadmaps(db, { authorId: profileId, status });
  if (status !== undefined && status !== 'published') return [];
  return repository.listRoadmaps(db, { authorId: profileId, publicOnly: true });
}

/**
 * `GET /api/roadmap/published?search=`: by title, description or topic. Not cached: the searches people type
 * are endless, so entries keyed by them would be an unbounded map anyone could fill, and each answer is one
 * query; the list without a search, the same for everyone, is (`readPublishedList`).
 */
export async function searchPublishedRoadmaps(
  ctx: ServiceContext,
  search: string,
): Promise<PublishedRoadmap[]> {
  return repository.searchPublishedRoadmaps(ctx.db, search);
}

/** `GET /api/roadmap/published` without a search: the same list for everyone, serialized once and cached. */
export async function readPublishedList(ctx: ServiceContext): Promise<SerializedBody> {
  return ctx.roadmapCache.readPublishedList(() => repository.listRoadmaps(ctx.db, { publicOnly: true }));
}

/** How many roadmaps "Continue learning" lists at most. */
const PROGRESS_SUMMARIES_MAX = 24;

/** `GET /api/roadmap/progress/mine`: how far the signed-in reader is in each roadmap they have marks on. */
export async function listMyProgress(ctx: UserContext): Promise<RoadmapProgressSummary[]> {
  return repository.listProgressSummaries(ctx.db, ctx.user.id, PROGRESS_SUMMARIES_MAX);
}

/** `GET /api/roadmap/:id`: the roadmap as `viewer` may read it, serialized once and cached, access checked on every read. */
export async function readRoadmap(
  ctx: ServiceContext,
  input: { id: string; viewer: Viewer },
): Promise<SerializedBody> {
  return ctx.roadmapCache.readRoadmap(input.id, input.viewer, () => getRoadmap(ctx, input));
}

export async function getRoadmap(
  { db }: ServiceContext,
  { id, viewer }: { id: string; viewer: Viewer },
): Promise<Roadmap> {
  assertReadable(await repository.findRoadmapState(db, id), viewer);
  const [summary, nodes, edges] = await Promise.all([
    repository.findRoadmapSummary(db, id),
    repository.listSavedNodes(db, id),
    repository.listEdges(db, id),
  ]);
  if (summary === undefined) throw new AppError('not_found', roadmapMessages.roadmapNotFound);
  return { ...summary, nodes, edges };
}

export async function getNodeDetails(
  { db }: ServiceContext,
  { id, viewer }: { id: string; viewer: Viewer },
): Promise<NodeDetail[]> {
  assertReadable(await repository.findRoadmapState(db, id), viewer);
  return repository.listNodeDetails(db, id);
}

export async function getProgress({ db, user }: UserContext, roadmapId: string): Promise<ProgressEntry[]> {
  const userId = user.id;
  assertReadable(await repository.findRoadmapState(db, roadmapId), { userId });
  return repository.listProgress(db, userId, roadmapId);
}

/**
 * For what a reader keeps on a roadmap (their notes on its topics): 404 unless the signed-in user may read the
 * roadmap, as `GET /api/roadmap/:id` decides.
 */
export async function assertReadableByUser({ db, user }: UserContext, roadmapId: string): Promise<void> {
  assertReadable(await repository.findRoadmapState(db, roadmapId), { userId: user.id });
}

/** The label of a topic the roadmap has now (saved); undefined when it has no such topic. */
export async function findTopicLabel(
  { db }: ServiceContext,
  input: { roadmapId: string; nodeId: string },
): Promise<string | undefined> {
  return repository.findSavedNodeLabel(db, input.roadmapId, input.nodeId);
}

/**
 * A reader's marks on a roadmap's saved topics, for a caller that decided who may see them (a session's mentor
 * reads the mentee's): the same read as the reader's own `getProgress`, without its access check.
 */
export async function marksOf(
  { db }: ServiceContext,
  input: { userId: string; roadmapId: string },
): Promise<ProgressEntry[]> {
  return repository.listProgress(db, input.userId, input.roadmapId);
}

/** A reader's mark on a topic; `pending` takes the mark away. */
export async function setProgress(
  { db, user }: UserContext,
  { roadmapId, body }: { roadmapId: string; body: ProgressBody },
): Promise<ProgressEntry[]> {
  const userId = user.id;
  assertReadable(await repository.findRoadmapState(db, roadmapId), { userId });
  if (!(await repository.isSavedNodeOf(db, roadmapId, body.nodeId))) {
    throw new AppError('bad_request', roadmapMessages.unknownNode, [
      { message: roadmapMessages.unknownNode, field: 'nodeId' },
    ]);
  }
  if (body.status === 'pending') await repository.clearProgress(db, userId, body.nodeId);
  else await repository.setProgress(db, { userId, roadmapId, nodeId: body.nodeId, status: body.status });
  return repository.listProgress(db, userId, roadmapId);
}

/** `GET /api/admin/roadmap?status=`: drafted means the review queue (submitted ones, oldest first). */
export async function listRoadmapsForAdmin(
  { db }: AdminContext,
  status: RoadmapStatus,
): Promise<RoadmapSummary[]> {
  if (status === 'drafted')
    return repository.listRoadmaps(db, { status, submittedOnly: true }, 'oldest-submitted');
  return repository.listRoadmaps(db, { status });
}

/**
 * Approve or reject a roadmap in the queue, recorded in the audit trail with the decision; the author hears of
 * it once the decision is committed.
 */
export async function reviewRoadmap(ctx: AdminContext, decision: ReviewRoadmapBody): Promise<void> {
  await ctx.unitOfWork(async (uow) => {
    const { tx } = uow;
    const roadmap = await repository.findRoadmapState(tx, decision.roadmapId, { lock: true });
    assertReviewable(roadmap);
    await repository.updateRoadmap(tx, roadmap.id, reviewOutcome(decision, ctx.clock.now()));
    await recordAdminAction(tx, ctx.admin, reviewAuditEntry(roadmap, decision));
    await changed(ctx, uow, roadmap.id);
    await uow.notify(
      roadmap.authorId,
      reviewNotice(roadmap, decision, await localeOfUser(uow.tx, roadmap.authorId)),
    );
  });
}

/** List or unlist a published roadmap, recorded in the audit trail; answers whether it is now listed. */
export async function toggleListing(ctx: AdminContext, roadmapId: string): Promise<boolean> {
  return ctx.unitOfWork(async (uow) => {
    const { tx } = uow;
    const roadmap = await repository.findRoadmapState(tx, roadmapId, { lock: true });
    assertListable(roadmap);
    const isActive = !roadmap.isActive;
    await repository.updateRoadmap(tx, roadmap.id, { isActive });
    await recordAdminAction(tx, ctx.admin, {
      action: isActive ? 'roadmap.list' : 'roadmap.unlist',
      targetType: 'roadmap',
      targetId: roadmap.id,
      details: { title: roadmap.title },
    });
    await changed(ctx, uow, roadmap.id);
    return isActive;
  });
}
