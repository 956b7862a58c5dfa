import { translatorFor } from '../../lib/i18n';
import { localeOfUser } from '../users/service';
import { bookingMessages } from '@skillroute/shared/bookings';
import {
  learningMessages,
  recommendationNotice,
  type BookingLearningResponse,
  type Recommendation,
} from '@skillroute/shared/learning';
import type { ServiceContext, UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { canRead } from '../roadmaps/rules';
import { marksOf } from '../roadmaps/service';
import { notesOnTopics } from '../topic-notes/service';
import * as repository from './repository';
import {
  learningRefusal,
  progressOfMarks,
  recommendRefusal,
  stacksNamedIn,
  unknownTopicIssues,
} from './rules';

// Learning with a mentor (DESIGN.md §4b): what a session's mentor reads of the mentee's roadmap, and what
// they recommend afterwards. Every read checks the reader first; anyone else hears 404, as for no booking.

const notFound = () => new AppError('not_found', bookingMessages.notFound);

/** Where the mentee's notification leads: the roadmap whose topics were recommended. */
const roadmapPath = (roadmapId: string) => `/roadmap/${roadmapId}`;

/** How many recommendations the home page's "Your mentor suggests" lists at most. */
const SUGGESTIONS_MAX = 20;

/**
 * The learning fields of `POST /api/bookings`, checked for the mentee before anything is written: the roadmap
 * published and one they may read, every topic a saved node of it. 400 in the envelope otherwise.
 */
export async function checkBookingLearning(
  ctx: ServiceContext,
  input: { menteeId: string; roadmapId?: string; nodeIds?: readonly string[]; shareNotes?: boolean },
): Promise<{ learningRoadmapId: string | null; learningNodeIds: string[]; shareNotes: boolean }> {
  if (input.roadmapId === undefined)
    return { learningRoadmapId: null, learningNodeIds: [], shareNotes: false };
  const roadmap = await repository.findRoadmapFacts(ctx.db, input.roadmapId);
  // A published roadmap the mentee may read (listed, or their own): the roadmaps' own reading rule.
  if (
    roadmap === undefined ||
    roadmap.status !== 'published' ||
    !canRead(roadmap, { userId: input.menteeId })
  )
    throw new AppError('bad_request', learningMessages.roadmapNotFound, [
      { message: learningMessages.roadmapNotFound, field: 'roadmapId' },
    ]);
  const nodeIds = (input.nodeIds ?? []).map((id) => id.toLowerCase());
  const found = await repository.savedTopics(ctx.db, input.roadmapId, nodeIds);
  const issues = unknownTopicIssues(
    nodeIds,
    new Set(found.map((topic) => topic.nodeId)),
    learningMessages.notATopic,
  );
  if (issues.length > 0) throw new AppError('bad_request', learningMessages.notATopic, issues);
  return {
    learningRoadmapId: input.roadmapId,
    learningNodeIds: nodeIds,
    shareNotes: input.shareNotes ?? false,
  };
}

/**
 * `GET /api/bookings/:id/learning`: only the booking's mentor (the mentee and everyone else hear 404). The
 * mentee's progress on the roadmap, the chosen topics with their status, and their notes on those only when
 * they chose to share them.
 */
export async function readBookingLearning(
  ctx: UserContext,
  input: { bookingId: string },
): Promise<BookingLearningResponse> {
  const booking = await repository.findBookingFacts(ctx.db, input.bookingId);
  if (booking === undefined || learningRefusal(booking, ctx.user.id) === 'not_yours') throw notFound();
  if (booking.roadmapId === null || booking.roadmapTitle === null)
    throw new AppError('not_found', learningMessages.noRoadmap);
  const { roadmapId } = booking;
  // The mentee's marks as their own pages read them, over the saved topics (their count is the total).
  const [marks, roadmapTopics] = await Promise.all([
    marksOf(ctx, { userId: booking.menteeId, roadmapId }),
    repository.savedTopics(ctx.db, roadmapId),
  ]);
  const progress = progressOfMarks(marks);
  const labels = new Map(roadmapTopics.map((topic) => [topic.nodeId, topic.label]));
  // A topic the author removed since the booking is left out: there is nothing left to read of it.
  const chosen = booking.nodeIds.filter((nodeId) => labels.has(nodeId));
  const notes = booking.shareNotes
    ? await notesOnTopics(ctx, { userId: booking.menteeId, roadmapId, nodeIds: chosen })
    : new Map<string, string>();
  return {
    roadmap: { id: roadmapId, title: booking.roadmapTitle },
    progress: { done: progress.done, inProgress: progress.inProgress, total: roadmapTopics.length },
    topics: chosen.map((nodeId) => {
      const note = notes.get(nodeId);
      return {
        nodeId,
        label: labels.get(nodeId) ?? '',
        status: progress.marks.get(nodeId) ?? 'pending',
        ...(note === undefined ? {} : { note }),
      };
    }),
    roadmapTopics,
  };
}

/**
 * `POST /api/bookings/:id/recommendations`: the booking's mentor, once the session has started, recommends
 * topics of its roadmap with a short note; each topic's row is written or its note replaced. The mentee is
 * notified in the same transaction. Answers everything this booking's mentor has recommended.
 */
export async function recommendTopics(
  ctx: UserContext,
  input: { bookingId: string; nodeIds: readonly string[]; note: string },
): Promise<Recommendation[]> {
  const booking = await repository.findBookingFacts(ctx.db, input.bookingId);
  if (booking === undefined) throw notFound();
  const refusal = recommendRefusal(booking, ctx.user.id, ctx.clock.now());
  if (refusal === 'not_yours') throw notFound();
  if (refusal === 'no_roadmap') throw new AppError('conflict', learningMessages.noRoadmap);
  if (refusal === 'not_a_session') throw new AppError('conflict', learningMessages.notASession);
  if (refusal === 'not_started') throw new AppError('conflict', learningMessages.notStarted);
  const roadmapId = booking.roadmapId as string;
  const nodeIds = input.nodeIds.map((id) => id.toLowerCase());
  const found = await repository.savedTopics(ctx.db, roadmapId, nodeIds);
  const issues = unknownTopicIssues(
    nodeIds,
    new Set(found.map((topic) => topic.nodeId)),
    learningMessages.notATopic,
  );
  if (issues.length > 0) throw new AppError('bad_request', learningMessages.notATopic, issues);
  await ctx.unitOfWork(async (uow) => {
    await repository.upsertRecommendations(uow.tx, {
      bookingId: booking.id,
      roadmapId,
      menteeId: booking.menteeId,
      mentorId: booking.mentorId,
      nodeIds,
      note: input.note,
      now: ctx.clock.now(),
    });
    // The shared text, in the mentee's language once it is a message (msg) in its catalogue.
    const { translate } = translatorFor(await localeOfUser(uow.tx, booking.menteeId));
    await uow.notify(booking.menteeId, {
      type: 'topic_recommended',
      message: translate(
        recommendationNotice(booking.mentorName, nodeIds.length, booking.roadmapTitle ?? ''),
      ),
      link: roadmapPath(roadmapId),
    });
  });
  return (await repository.listRecommendations(ctx.db, { bookingId: booking.id })).map(toRecommendation);
}

/** `GET /api/roadmap/:id/recommendations`: the topics of this roadmap recommended to the signed-in reader. */
export async function listRecommendationsOnRoadmap(
  ctx: UserContext,
  input: { roadmapId: string },
): Promise<Recommendation[]> {
  const rows = await repository.listRecommendations(ctx.db, {
    menteeId: ctx.user.id,
    roadmapId: input.roadmapId,
  });
  return rows.map(toRecommendation);
}

/** `GET /api/user/recommendations`: the home page's "Your mentor suggests", newest first. */
export async function listMyRecommendations(ctx: UserContext): Promise<Recommendation[]> {
  const rows = await repository.listRecommendations(ctx.db, { menteeId: ctx.user.id }, SUGGESTIONS_MAX);
  return rows.map(toRecommendation);
}

function toRecommendation(row: repository.RecommendationRow): Recommendation {
  return {
    bookingId: row.bookingId,
    roadmapId: row.roadmapId,
    roadmapTitle: row.roadmapTitle,
    nodeId: row.nodeId,
    label: row.label,
    note: row.note,
    mentor: { id: row.mentorId, name: row.mentorName },
    recommendedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The stacks whose mentors the listing shows first for a topic's "Find a mentor for …": those the roadmap's
 * title or the topic's label names (rules.stacksNamedIn). None for a roadmap not published and listed.
 */
export async function stacksForRoadmap(
  ctx: ServiceContext,
  input: { roadmapId: string; topicId?: string },
): Promise<string[]> {
  const texts = await repository.findListedRoadmapTexts(ctx.db, input);
  if (texts === undefined) return [];
  const named = [texts.title, ...(texts.topicLabel === undefined ? [] : [texts.topicLabel])];
  return stacksNamedIn(named, await repository.activeStackNames(ctx.db));
}
