import { z } from 'zod';
import { idSchema } from './ids';

/**
 * Roadmap rules, written once (spec §3, §5, §9 and DESIGN.md §4 "Roadmaps"): the editor's forms, the
 * admin's review form, the request validation and the OpenAPI document all use these schemas.
 * Messages quoted in the spec are the spec's; the others are ours.
 */
export const ROADMAP_TITLE_MIN = 3;
export const ROADMAP_TITLE_MAX = 100;
export const ROADMAP_DESCRIPTION_MIN = 10;
export const ROADMAP_DESCRIPTION_MAX = 500;
export const NODE_LABEL_MAX = 80;
export const NODE_CONTENT_TITLE_MAX = 120;
export const NODE_CONTENT_DESCRIPTION_MIN = 6;
export const NODE_CONTENT_DESCRIPTION_MAX = 5000;
export const NODE_LINKS_MAX = 2;
export const LINK_TITLE_MAX = 120;
export const LINK_URL_MAX = 2048;
export const FEEDBACK_MIN = 5;
export const FEEDBACK_MAX = 1000;
/** Far above any roadmap a person draws (the demo ones have about 50 nodes; the benchmark has 1,000). */
export const ROADMAP_NODES_MAX = 2000;
export const ROADMAP_EDGES_MAX = 4000;
/** Nodes dropped on the canvas and not yet saved, per roadmap: a save keeps or removes them. */
export const ROADMAP_UNSAVED_NODES_MAX = 500;
/** Positions stay on a canvas a person could reach; anything beyond is a broken client. */
export const POSITION_LIMIT = 1_000_000;

export const ROADMAP_STATUSES = ['drafted', 'published', 'rejected'] as const;
export const NODE_TYPES = ['topic', 'subtopic'] as const;
export const PROGRESS_STATUSES = ['pending', 'in_progress', 'done', 'skipped'] as const;
/** The admin's filter over reviewed roadmaps (spec §9); the review queue uses drafted. */
export const ADMIN_ROADMAP_FILTERS = ['published', 'rejected'] as const;

/** Node colours of spec §2 (Y, B, M) and the defaults of spec §3. */
export const NODE_COLOURS = [
  { key: 'Y', value: '#fdff00' },
  { key: 'B', value: '#4338ca' },
  { key: 'M', value: '#fde68a' },
] as const;
export const DEFAULT_TOPIC_COLOUR = '#fdff00';
export const DEFAULT_SUBTOPIC_COLOUR = '#f3c950';
export const DEFAULT_NODE_WIDTH = 100;
export const DEFAULT_NODE_FONT_PX = 7;

export const roadmapMessages = {
  saved: 'Roadmap saved successfully wait for admin approval!!',
  contentSaved: 'content saved!',
  reviewed: 'updated successfully',
  noRequests: 'sorry no requests!',
  loading: 'Loading',
  loadError: 'Error loading roadmaps',
  titleRequired: 'Title is required',
  descriptionMin: 'Description must be at least 6 characters',
  linkFieldRequired: 'required',
  linksMax: 'Maximum of 2 links allowed',
  feedbackMin: 'Feedback must be at least 5 characters',
  // Ours (the spec shows none for these).
  linkUrlInvalid: 'Enter a web address starting with http:// or https://',
  roadmapNotFound: 'Roadmap not found.',
  notEditable: 'Only a drafted or rejected roadmap can be edited.',
  notYours: 'Only the author of this roadmap can change it.',
  notInQueue: 'Only a roadmap waiting for review can be reviewed.',
  notPublished: 'Only a published roadmap can be listed or unlisted.',
  unknownNode: 'This node is not part of the roadmap.',
  unsavedNodesMax: `Save the roadmap before adding more nodes: at most ${ROADMAP_UNSAVED_NODES_MAX} new nodes can wait for a save.`,
} as const;

/** A link a reader will click: only http and https, so a `javascript:` or `data:` URL never becomes a link. */
export const httpUrlSchema = z
  .string({ error: roadmapMessages.linkFieldRequired })
  .trim()
  .min(1, roadmapMessages.linkFieldRequired)
  .max(LINK_URL_MAX, 'The web address is too long')
  .refine((value) => isHttpUrl(value), roadmapMessages.linkUrlInvalid);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const nodeLinkSchema = z.object({
  title: z.string({ error: roadmapMessages.linkFieldRequired }).trim().min(1, roadmapMessages.linkFieldRequired).max(LINK_TITLE_MAX, 'The link title is too long'),
  url: httpUrlSchema,
});

/** The "Content & Links" form of a node (spec §2, §5). */
export const nodeContentSchema = z.object({
  title: z.string({ error: roadmapMessages.titleRequired }).trim().min(1, roadmapMessages.titleRequired).max(NODE_CONTENT_TITLE_MAX, 'Title must not exceed 120 characters'),
  description: z
    .string({ error: roadmapMessages.descriptionMin })
    .trim()
    .min(NODE_CONTENT_DESCRIPTION_MIN, roadmapMessages.descriptionMin)
    .max(NODE_CONTENT_DESCRIPTION_MAX, 'Description must not exceed 5000 characters'),
  links: z.array(nodeLinkSchema).max(NODE_LINKS_MAX, roadmapMessages.linksMax),
});

export const nodeDetailSchema = nodeContentSchema.extend({ nodeId: idSchema });

export const createRoadmapBodySchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(ROADMAP_TITLE_MIN, 'Title must be at least 3 characters').max(ROADMAP_TITLE_MAX, 'Title must not exceed 100 characters'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(ROADMAP_DESCRIPTION_MIN, 'Description must be at least 10 characters')
    .max(ROADMAP_DESCRIPTION_MAX, 'Description must not exceed 500 characters'),
});

const coordinateSchema = z.number({ error: 'Position must be a number' }).finite().min(-POSITION_LIMIT).max(POSITION_LIMIT);
export const positionSchema = z.object({ x: coordinateSchema, y: coordinateSchema });
export const nodeTypeSchema = z.enum(NODE_TYPES, { error: 'Type must be topic or subtopic' });
export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #fdff00');
export const nodeLabelSchema = z.string({ error: 'Label is required' }).trim().min(1, 'Label is required').max(NODE_LABEL_MAX, 'Label must not exceed 80 characters');

/** POST /api/roadmap/node: the editor creates each dropped node on the server and takes its id. */
export const createNodeBodySchema = z.object({
  roadmapId: idSchema,
  type: nodeTypeSchema,
  position: positionSchema,
  data: z.object({ label: nodeLabelSchema }),
  background: colourSchema,
});

export const roadmapNodeSchema = z.object({
  id: idSchema,
  type: nodeTypeSchema,
  position: positionSchema,
  data: z.object({ label: nodeLabelSchema }),
  background: colourSchema,
});

export const roadmapEdgeSchema = z.object({ source: idSchema, target: idSchema });

/**
 * POST /api/roadmap/publish: the whole graph, saved in one transaction and submitted for review.
 * Graph consistency (edges and content point at listed nodes, no duplicates) is checked here too,
 * so the editor and the server refuse the same things.
 */
export const publishRoadmapBodySchema = z
  .object({
    roadmapId: idSchema,
    nodeDetails: z.array(nodeDetailSchema).max(ROADMAP_NODES_MAX),
    nodes: z.array(roadmapNodeSchema).max(ROADMAP_NODES_MAX, 'A roadmap can have at most 2000 nodes'),
    edges: z.array(roadmapEdgeSchema).max(ROADMAP_EDGES_MAX, 'A roadmap can have at most 4000 edges'),
  })
  .superRefine((body, context) => {
    const ids = new Set<string>();
    body.nodes.forEach((node, index) => {
      if (ids.has(node.id)) context.addIssue({ code: 'custom', path: ['nodes', index, 'id'], message: 'A node is listed twice.' });
      ids.add(node.id);
    });
    const edgeKeys = new Set<string>();
    body.edges.forEach((edge, index) => {
      if (!ids.has(edge.source) || !ids.has(edge.target)) {
        context.addIssue({ code: 'custom', path: ['edges', index], message: 'An edge must connect two nodes of the roadmap.' });
      } else if (edge.source === edge.target) {
        context.addIssue({ code: 'custom', path: ['edges', index], message: 'A node cannot be connected to itself.' });
      }
      const key = `${edge.source}>${edge.target}`;
      if (edgeKeys.has(key)) context.addIssue({ code: 'custom', path: ['edges', index], message: 'An edge is listed twice.' });
      edgeKeys.add(key);
    });
    const detailIds = new Set<string>();
    body.nodeDetails.forEach((detail, index) => {
      if (!ids.has(detail.nodeId)) context.addIssue({ code: 'custom', path: ['nodeDetails', index, 'nodeId'], message: 'Content must belong to a node of the roadmap.' });
      if (detailIds.has(detail.nodeId)) context.addIssue({ code: 'custom', path: ['nodeDetails', index, 'nodeId'], message: 'A node has content twice.' });
      detailIds.add(detail.nodeId);
    });
  });

/** The admin's decision (spec §7 Admin). Rejection needs feedback of at least 5 characters (spec §5). */
export const feedbackSchema = z.string({ error: roadmapMessages.feedbackMin }).trim().min(FEEDBACK_MIN, roadmapMessages.feedbackMin).max(FEEDBACK_MAX, 'Feedback must not exceed 1000 characters');

export const reviewRoadmapBodySchema = z.discriminatedUnion(
  'status',
  [
    z.object({ roadmapId: idSchema, status: z.literal('published'), adminFeedback: z.string().max(FEEDBACK_MAX).optional() }),
    z.object({ roadmapId: idSchema, status: z.literal('rejected'), adminFeedback: feedbackSchema }),
  ],
  { error: 'Status must be published or rejected' },
);

export const roadmapIdBodySchema = z.object({ roadmapId: idSchema });
export const roadmapIdParamsSchema = z.object({ id: idSchema });
export const roadmapStatusSchema = z.enum(ROADMAP_STATUSES, { error: 'Status must be drafted, published or rejected' });
export const roadmapStatusQuerySchema = z.object({ status: roadmapStatusSchema.optional() });
export const adminRoadmapQuerySchema = z.object({ status: roadmapStatusSchema });
export const publishedRoadmapQuerySchema = z.object({ search: z.string().trim().max(100, 'Search must not exceed 100 characters').optional() });

export const progressStatusSchema = z.enum(PROGRESS_STATUSES, { error: 'Status must be pending, in_progress, done or skipped' });
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
export const roadmapSchema = roadmapSummarySchema.extend({ nodes: z.array(storedNodeSchema), edges: z.array(storedEdgeSchema) });
export const nodeDetailsResponseSchema = z.array(storedNodeDetailSchema);
export const progressEntrySchema = z.object({ nodeId: z.string(), status: progressStatusSchema });
export const progressResponseSchema = z.object({ progress: z.array(progressEntrySchema) });

export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
export type NodeType = (typeof NODE_TYPES)[number];
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];
export type NodeLink = z.infer<typeof nodeLinkSchema>;
export type NodeContent = z.infer<typeof nodeContentSchema>;
export type NodeDetail = z.infer<typeof nodeDetailSchema>;
export type CreateRoadmapBody = z.infer<typeof createRoadmapBodySchema>;
export type CreateNodeBody = z.infer<typeof createNodeBodySchema>;
export type RoadmapNode = z.infer<typeof roadmapNodeSchema>;
export type RoadmapEdge = z.infer<typeof roadmapEdgeSchema>;
export type PublishRoadmapBody = z.infer<typeof publishRoadmapBodySchema>;
export type ReviewRoadmapBody = z.infer<typeof reviewRoadmapBodySchema>;
export type RoadmapSummary = z.infer<typeof roadmapSummarySchema>;
export type Roadmap = z.infer<typeof roadmapSchema>;
export type ProgressEntry = z.infer<typeof progressEntrySchema>;
export type ProgressBody = z.infer<typeof progressBodySchema>;
