import type { Locale } from '@skillroute/shared/i18n/locales';
import { translatorFor } from '../../lib/i18n';
import { roadmapEditRefusal, roadmapMessages, type RoadmapStatus } from '@skillroute/shared/roadmap-rules';
import { errorMessages } from '@skillroute/shared/errors';
import type { Viewer } from '../../context/ports';
import { AppError } from '../../lib/errors';

/** The columns the rules read; a database row fits. */
export interface RoadmapFacts {
  authorId: string;
  status: RoadmapStatus;
  isActive: boolean;
  submittedAt: Date | null;
}

export const isPublic = (roadmap: Pick<RoadmapFacts, 'status' | 'isActive'>): boolean =>
  roadmap.status === 'published' && roadmap.isActive;

/** Published and listed: everyone. Otherwise only its author and admins. */
export function canRead(
  roadmap: Pick<RoadmapFacts, 'authorId' | 'status' | 'isActive'>,
  viewer: Viewer,
): boolean {
  return (
    isPublic(roadmap) ||
    viewer.isAdmin === true ||
    (viewer.userId !== undefined && viewer.userId === roadmap.authorId)
  );
}

/**
 * A roadmap nobody may read does not exist as far as they can tell: 404, never 403, so drafts are not
 * discovered by guessing ids.
 */
export function assertReadable(
  roadmap: RoadmapFacts | undefined,
  viewer: Viewer,
): asserts roadmap is RoadmapFacts {
  if (roadmap !== undefined && canRead(roadmap, viewer)) return;
  // 401 makes the client refresh its session and ask again, as the author it may well be.
  if (viewer.sessionLapsed) throw new AppError('unauthorized', errorMessages.unauthorized);
  throw new AppError('not_found', roadmapMessages.roadmapNotFound);
}

/**
 * The shared rule (only the author, only while drafted or rejected), as the api answers it. Someone else's
 * readable roadmap is 403 (they can see it, so its existence is no secret); one they cannot read is 404.
 */
export function assertEditable(
  roadmap: RoadmapFacts | undefined,
  userId: string,
): asserts roadmap is RoadmapFacts {
  if (roadmap === undefined || !canRead(roadmap, { userId }))
    throw new AppError('not_found', roadmapMessages.roadmapNotFound);
  const refusal = roadmapEditRefusal(roadmap, userId);
  if (refusal !== undefined)
    throw new AppError(refusal === 'notYours' ? 'forbidden' : 'conflict', roadmapMessages[refusal]);
}

/** The review queue: drafted and submitted by its author. */
export const isAwaitingReview = (roadmap: Pick<RoadmapFacts, 'status' | 'submittedAt'>): boolean =>
  roadmap.status === 'drafted' && roadmap.submittedAt !== null;

export function assertReviewable(roadmap: RoadmapFacts | undefined): asserts roadmap is RoadmapFacts {
  if (roadmap === undefined) throw new AppError('not_found', roadmapMessages.roadmapNotFound);
  if (!isAwaitingReview(roadmap)) throw new AppError('conflict', roadmapMessages.notInQueue);
}

export function assertListable(roadmap: RoadmapFacts | undefined): asserts roadmap is RoadmapFacts {
  if (roadmap === undefined) throw new AppError('not_found', roadmapMessages.roadmapNotFound);
  if (roadmap.status !== 'published') throw new AppError('conflict', roadmapMessages.notPublished);
}

/** What a save changes besides the graph: it is (re)submitted, and a rejected roadmap is back in the queue. */
export function afterSave(now: Date): { status: RoadmapStatus; submittedAt: Date } {
  return { status: 'drafted', submittedAt: now };
}

/**
 * What a decision changes. Approval publishes and lists it, and clears an old rejection's feedback;
 * rejection keeps the feedback for the author to read, until the next decision.
 */
export function reviewOutcome(
  decision: { status: 'published' | 'rejected'; adminFeedback?: string },
  now: Date,
) {
  if (decision.status === 'published')
    return { status: 'published' as const, isActive: true, adminFeedback: null, reviewedAt: now };
  return {
    status: 'rejected' as const,
    isActive: false,
    adminFeedback: decision.adminFeedback ?? '',
    reviewedAt: now,
  };
}

/** The author's notification of a decision. */
export function reviewNotice(
  roadmap: { id: string; title: string },
  decision: { status: 'published' | 'rejected'; adminFeedback?: string },
  locale: Locale = 'en',
) {
  const { t } = translatorFor(locale);
  const { title } = roadmap;
  if (decision.status === 'published') {
    return {
      type: 'roadmap_approved' as const,
      message: t('Your roadmap "{title}" was approved and is now published.', { title }),
      link: `/roadmap/${roadmap.id}`,
    };
  }
  return {
    type: 'roadmap_rejected' as const,
    message: t('Your roadmap "{title}" was rejected: {feedback}', {
      title,
      feedback: decision.adminFeedback ?? '',
    }),
    link: '/profile/roadmaps',
  };
}

/**
 * The audit trail's entry of a decision: the title the roadmap had then, and the feedback given (a rejection's
 * always; an approval's only when the admin wrote one, though the roadmap does not keep it).
 */
export function reviewAuditEntry(
  roadmap: { id: string; title: string },
  decision: { status: 'published' | 'rejected'; adminFeedback?: string },
) {
  const target = { targetType: 'roadmap' as const, targetId: roadmap.id };
  const feedback = decision.adminFeedback === undefined ? {} : { feedback: decision.adminFeedback };
  if (decision.status === 'published')
    return { action: 'roadmap.approve' as const, ...target, details: { title: roadmap.title, ...feedback } };
  return { action: 'roadmap.reject' as const, ...target, details: { title: roadmap.title, ...feedback } };
}

/** Every listed node must be one created for this roadmap (POST /api/roadmap/node), not one of another. */
export function unknownNodeIndexes(listed: readonly { id: string }[], known: ReadonlySet<string>): number[] {
  return listed.flatMap((node, index) => (known.has(node.id) ? [] : [index]));
}
