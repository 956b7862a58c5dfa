import { z } from 'zod';
import { idSchema } from './ids';
import { msg } from './i18n/msg';
import {
  FEEDBACK_MAX,
  graphIssues,
  PROGRESS_STATUSES,
  ROADMAP_EDGES_MAX,
  ROADMAP_NODES_MAX,
  ROADMAP_SEARCH_MAX,
  ROADMAP_STATUSES,
} from './roadmap-rules';
import {
  colourSchema,
  feedbackSchema,
  nodeContentSchema,
  nodeLabelSchema,
  nodeTypeSchema,
  positionSchema,
  roadmapDescriptionSchema,
  roadmapTitleSchema,
} from './roadmap-fields';

/**
 * The roadmap routes' requests and responses (spec §7 "Roadmaps" and "Admin", DESIGN.md §4), built from the
 * rules of ./roadmap-rules: the request validation, the OpenAPI document and the web app's types use these.
 */

export const nodeDetailSchema = nodeContentSchema.extend({ nodeId: idSchema });

/** POST /api/roadmap: the "New roadmap" form. */
export const createRoadmapBodySchema = z.object({
  title: roadmapTitleSchema,
  description: roadmapDescriptionSchema,
});

export const roadmapNodeSchema = z.object({
  id: idSchema,
  type: nodeTypeSchema,
  position: positionSchema,
  data: z.object({ label: nodeLabelSchema }),
  background: colourSchema,
});

/** POST /api/roadmap/node: the editor creates each dropped node on the server and takes its id. */
export const createNodeBodySchema = roadmapNodeSchema.omit({ id: true }).extend({ roadmapId: idSchema });

export const roadmapEdgeSchema = z.object({ source: idSchema, target: idSchema });

/**
 * POST /api/roadmap/publish: the whole graph, saved in one transaction and submitted for review. The graph's
 * consistency is checked here too, so the editor and the server refuse the same things.
 */
export const publishRoadmapBodySchema = z
  .object({
    roadmapId: idSchema,
    nodeDetails: z.array(nodeDetailSchema).max(ROADMAP_NODES_MAX),
    nodes: z
      .array(roadmapNodeSchema)
      .max(ROADMAP_NODES_MAX, `A roadmap can have at most ${ROADMAP_NODES_MAX} nodes`),
    edges: z
      .array(roadmapEdgeSchema)
      .max(ROADMAP_EDGES_MAX, `A roadmap can have at most ${ROADMAP_EDGES_MAX} edges`),
  })
  .superRefine((body, context) => {
    for (const issue of graphIssues(body)) context.addIssue({ code: 'custom', ...issue });
  });

export const reviewRoadmapBodySchema = z.discriminatedUnion(
  'status',
  [
    z.object({
      roadmapId: idSchema,
      status: z.literal('published'),
      adminFeedback: z.string().max(FEEDBACK_MAX).optional(),
    }),
    z.object({ roadmapId: idSchema, status: z.literal('rejected'), adminFeedback: feedbackSchema }),
  ],
  { error: msg('Status must be published or rejected') },
);

export const roadmapIdBodySchema = z.object({ roadmapId: idSchema });
export const roadmapIdParamsSchema = z.object({ id: idSchema });
export const roadmapStatusSchema = z.enum(ROADMAP_STATUSES, {
  error: msg('Status must be drafted, published or rejected'),
});
export const roadmapStatusQuerySchema = z.object({ status: roadmapStatusSchema.optional() });
export const adminRoadmapQuerySchema = z.object({ status: roadmapStatusSchema });
export const publishedRoadmapQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(ROADMAP_SEARCH_MAX, msg('Search must not exceed {max} characters', { max: ROADMAP_SEARCH_MAX }))
    .optional(),
});

export const progressStatusSchema = z.enum(PROGRESS_STATUSES, {
  error: msg('Status must be pending, in_progress, done or skipped'),
});
export const progressBodySchema = z.object({ nodeId: idSchema, status: progressStatusSchema });

// Responses.
export const roadmapSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: roadmapStatusSchema,
  isActive: z.boolean(),
  adminFeedback: z.string().nullable(),
  /** Set when the author submitted it for review; a drafted roadmap without it is still being drawn. */
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  /** Topics and subtopics, so lists can say how big a roadmap is. */
  nodeCount: z.number().int(),
});
export const roadmapListSchema = z.object({ roadmaps: z.array(roadmapSummarySchema) });

/** How many matching topic names a searched roadmap carries at most. */
export const MATCHED_TOPICS_MAX = 3;
/**
 * GET /api/roadmap/published: a search also finds a roadmap by its topics (node labels and content titles);
 * `matchedTopics` then names the first few that matched, in reading order. Absent without a topic match.
 */
export const publishedRoadmapSchema = roadmapSummarySchema.extend({
  matchedTopics: z.array(z.string()).max(MATCHED_TOPICS_MAX).optional(),
});
export const publishedRoadmapListSchema = z.object({ roadmaps: z.array(publishedRoadmapSchema) });

/** GET /api/roadmap/progress/mine: each roadmap the signed-in reader has marks on, most recently marked first. */
export const roadmapProgressSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Topics and subtopics marked done. */
  done: z.number().int(),
  /** Topics and subtopics of the roadmap (its saved nodes). */
  total: z.number().int(),
  /** When the reader last marked a topic of it. */
  lastMarkedAt: z.string(),
});
export const myProgressResponseSchema = z.object({ roadmaps: z.array(roadmapProgressSummarySchema) });
/**
 * What the server sends back. Plain shapes, not the request rules: the rows were checked on the way in,
 * and re-running every id and colour pattern on a thousand nodes per read costs more than the query.
 */
const storedNodeSchema = z.object({
  id: z.string(),
  type: nodeTypeSchema,
  position: z.object({ x: z.number(), y: z.number() }),
  data: z.object({ label: z.string() }),
  background: z.string(),
});
const storedEdgeSchema = z.object({ source: z.string(), target: z.string() });
const storedNodeDetailSchema = z.object({
  nodeId: z.string(),
  title: z.string(),
  description: z.string(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
});
export const roadmapSchema = roadmapSummarySchema.extend({
  nodes: z.array(storedNodeSchema),
  edges: z.array(storedEdgeSchema),
});
export const nodeDetailsResponseSchema = z.array(storedNodeDetailSchema);
export const progressEntrySchema = z.object({ nodeId: z.string(), status: progressStatusSchema });
export const progressResponseSchema = z.object({ progress: z.array(progressEntrySchema) });
/** PUT /api/admin/roadmap/list-unlist: whether the roadmap is listed now. */
export const listingResponseSchema = z.object({ message: z.string(), isActive: z.boolean() });

export type NodeDetail = z.infer<typeof nodeDetailSchema>;
export type CreateRoadmapBody = z.infer<typeof createRoadmapBodySchema>;
export type CreateNodeBody = z.infer<typeof createNodeBodySchema>;
export type RoadmapNode = z.infer<typeof roadmapNodeSchema>;
export type RoadmapEdge = z.infer<typeof roadmapEdgeSchema>;
export type PublishRoadmapBody = z.infer<typeof publishRoadmapBodySchema>;
export type ReviewRoadmapBody = z.infer<typeof reviewRoadmapBodySchema>;
export type RoadmapSummary = z.infer<typeof roadmapSummarySchema>;
export type RoadmapList = z.infer<typeof roadmapListSchema>;
export type PublishedRoadmap = z.infer<typeof publishedRoadmapSchema>;
export type PublishedRoadmapList = z.infer<typeof publishedRoadmapListSchema>;
export type RoadmapProgressSummary = z.infer<typeof roadmapProgressSummarySchema>;
export type MyProgressResponse = z.infer<typeof myProgressResponseSchema>;
export type Roadmap = z.infer<typeof roadmapSchema>;
export type NodeDetailsResponse = z.infer<typeof nodeDetailsResponseSchema>;
export type ProgressEntry = z.infer<typeof progressEntrySchema>;
export type ProgressBody = z.infer<typeof progressBodySchema>;
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
export type ListingResponse = z.infer<typeof listingResponseSchema>;
