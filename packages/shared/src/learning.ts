import { z } from 'zod';
import { idSchema } from './ids';
import { msg } from './i18n/msg';
import { waitInWords } from './marketplace-limits';
import { progressStatusSchema } from './roadmap-api';

export * from './learning-texts';

/**
 * Learning with a mentor (DESIGN.md §4b): a session about one of the mentee's roadmaps, what its mentor reads
 * of the mentee's progress there, and the topics the mentor recommends afterwards. Written once for the api,
 * the web's forms and its types.
 */

/** A mentee picks at most this many topics of the roadmap to talk about; a mentor recommends as many at once. */
export const LEARNING_TOPICS_MAX = 10;
/** The mentor's note on what they recommend. */
export const RECOMMENDATION_NOTE_MAX = 500;

export const learningMessages = {
  topicsNeedRoadmap: msg('Choose the roadmap these topics belong to.'),
  tooManyTopics: msg('Choose at most {max} topics.', { max: LEARNING_TOPICS_MAX }),
  topicsRepeated: msg('Each topic can be chosen once.'),
  roadmapNotFound: msg('This roadmap cannot be chosen: it is not published or you cannot read it.'),
  notATopic: msg('One of the chosen topics is not a topic of this roadmap.'),
  noRoadmap: msg('This session is not about a roadmap.'),
  recommendTopicsRequired: msg('Choose at least one topic to recommend.'),
  noteTooLong: msg('Keep the note to {max} characters or fewer.', { max: RECOMMENDATION_NOTE_MAX }),
  notStarted: msg('You can recommend topics once the session has started.'),
  notASession: msg('Only a confirmed or completed session takes recommendations.'),
  shareNotesFlag: msg('Say yes or no to sharing your notes.'),
} as const;

/** Unique topic ids, at most LEARNING_TOPICS_MAX: the booking's chosen topics and a recommendation's. */
export const topicIdsSchema = z
  .array(idSchema)
  .max(LEARNING_TOPICS_MAX, learningMessages.tooManyTopics)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
    message: learningMessages.topicsRepeated,
  });

/**
 * The learning fields of `POST /api/bookings` (all optional). Topics, or notes shared, need a roadmap: they
 * are that roadmap's. The api checks that the roadmap is one the mentee may read and the topics saved nodes of it.
 */
export const bookingLearningFieldsSchema = z.object({
  roadmapId: idSchema.optional(),
  nodeIds: topicIdsSchema.optional(),
  shareNotes: z.boolean(learningMessages.shareNotesFlag).optional(),
});

/** Issues for the rule across the fields: topics without a roadmap. Used by the booking body's superRefine. */
export function learningFieldIssues(body: {
  roadmapId?: string | undefined;
  nodeIds?: readonly string[] | undefined;
}): Array<{ message: string; path: string[] }> {
  if (body.roadmapId === undefined && body.nodeIds !== undefined && body.nodeIds.length > 0)
    return [{ message: learningMessages.topicsNeedRoadmap, path: ['roadmapId'] }];
  return [];
}

/** What its two people read on a booking about a roadmap (`bookingSchema.learning`). */
export const bookingLearningSchema = z.object({
  roadmapId: z.string(),
  title: z.string(),
  nodeIds: z.array(z.string()),
  shareNotes: z.boolean(),
});
export type BookingLearning = z.infer<typeof bookingLearningSchema>;

/** `GET /api/bookings/:id/learning` (the booking's mentor only). `note` only when the mentee shared notes. */
export const learningTopicSchema = z.object({
  nodeId: z.string(),
  label: z.string(),
  status: progressStatusSchema,
  note: z.string().optional(),
});
export type LearningTopic = z.infer<typeof learningTopicSchema>;

export const bookingLearningResponseSchema = z.object({
  roadmap: z.object({ id: z.string(), title: z.string() }),
  /** Counted as the mentee's own "Continue learning" counts: saved topics only. */
  progress: z.object({ done: z.number().int(), inProgress: z.number().int(), total: z.number().int() }),
  topics: z.array(learningTopicSchema),
  /** Every saved topic of the roadmap, for the mentor's "Recommend topics" dialog. */
  roadmapTopics: z.array(z.object({ nodeId: z.string(), label: z.string() })),
});
export type BookingLearningResponse = z.infer<typeof bookingLearningResponseSchema>;

/** `POST /api/bookings/:id/recommendations`: 1..10 topics of the booking's roadmap and a short note. */
export const recommendationsBodySchema = z.object({
  nodeIds: topicIdsSchema.refine((ids) => ids.length > 0, {
    message: learningMessages.recommendTopicsRequired,
  }),
  note: z.string().trim().max(RECOMMENDATION_NOTE_MAX, learningMessages.noteTooLong).default(''),
});
export type RecommendationsBody = z.input<typeof recommendationsBodySchema>;

/** One topic recommended to the signed-in reader. */
export const recommendationSchema = z.object({
  bookingId: z.string(),
  roadmapId: z.string(),
  roadmapTitle: z.string(),
  nodeId: z.string(),
  label: z.string(),
  note: z.string(),
  mentor: z.object({ id: z.string(), name: z.string() }),
  recommendedAt: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/**
 * The answer of `POST /api/bookings/:id/recommendations` (what that booking's mentor has recommended),
 * `GET /api/roadmap/:id/recommendations` and `GET /api/user/recommendations` (what was recommended to the reader).
 */
export const recommendationsResponseSchema = z.object({ recommendations: z.array(recommendationSchema) });
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;

/** `POST /api/bookings/:id/recommendations` per signed-in user: each one notifies a mentee, so it is bounded. */
export const RECOMMENDATIONS_MAX = 20;
export const RECOMMENDATIONS_WINDOW_MINUTES = 10;
export const recommendationsLimitMessage = (waitSeconds: number): string =>
  msg('You have recommended topics {max} times in {minutes} minutes. You can recommend again in {wait}.', {
    max: RECOMMENDATIONS_MAX,
    minutes: RECOMMENDATIONS_WINDOW_MINUTES,
    wait: waitInWords(waitSeconds),
  });
