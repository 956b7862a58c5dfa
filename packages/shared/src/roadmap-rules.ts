/**
 * Roadmap rules, written once (spec §3, §5, §9 and DESIGN.md §4 "Roadmaps"): the limits, the fields the
 * editor's and the reviewer's forms check, who may edit a roadmap when, and what makes a graph whole. The
 * requests and responses built from them are in ./roadmap-api. Messages quoted in the spec are the spec's; the
 * others are ours. A message that names a limit is made from it, so the two cannot disagree.
 */
import { msg } from './i18n/msg';

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
export const ROADMAP_SEARCH_MAX = 100;

export const ROADMAP_STATUSES = ['drafted', 'published', 'rejected'] as const;
export const NODE_TYPES = ['topic', 'subtopic'] as const;
export const PROGRESS_STATUSES = ['pending', 'in_progress', 'done', 'skipped'] as const;
/** The admin's filter over reviewed roadmaps (spec §9); the review queue uses drafted. */
export const ADMIN_ROADMAP_FILTERS = ['published', 'rejected'] as const;

export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
export type NodeType = (typeof NODE_TYPES)[number];
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

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
  saved: msg('Roadmap saved successfully wait for admin approval!!'),
  contentSaved: msg('content saved!'),
  reviewed: msg('updated successfully'),
  noRequests: msg('sorry no requests!'),
  loading: msg('Loading'),
  loadError: msg('Error loading roadmaps'),
  titleRequired: msg('Title is required'),
  descriptionMin: msg('Description must be at least {min} characters', { min: NODE_CONTENT_DESCRIPTION_MIN }),
  linkFieldRequired: msg('required'),
  linksMax: msg('Maximum of {max} links allowed', { max: NODE_LINKS_MAX }),
  feedbackMin: msg('Feedback must be at least {min} characters', { min: FEEDBACK_MIN }),
  // Ours (the spec shows none for these).
  linkUrlInvalid: msg('Enter a web address starting with http:// or https://'),
  roadmapNotFound: msg('Roadmap not found.'),
  notEditable: msg('Only a drafted or rejected roadmap can be edited.'),
  notYours: msg('Only the author of this roadmap can change it.'),
  notInQueue: msg('Only a roadmap waiting for review can be reviewed.'),
  notPublished: msg('Only a published roadmap can be listed or unlisted.'),
  unknownNode: msg('This node is not part of the roadmap.'),
  unsavedNodesMax: msg(
    'Save the roadmap before adding more nodes: at most {max} new nodes can wait for a save.',
    { max: ROADMAP_UNSAVED_NODES_MAX },
  ),
} as const;

// --- Who may edit a roadmap, and when ---

/** A roadmap is drawn while drafted, and again after a rejection; once published it is fixed (spec §3). */
export const EDITABLE_STATUSES = ['drafted', 'rejected'] as const satisfies readonly RoadmapStatus[];

export const isEditableStatus = (status: RoadmapStatus): boolean =>
  (EDITABLE_STATUSES as readonly RoadmapStatus[]).includes(status);

/** Why someone may not edit a roadmap, named as the message that says so (`roadmapMessages[refusal]`). */
export type RoadmapEditRefusal = 'notYours' | 'notEditable';

/**
 * Only the author edits, and only while it is drafted or rejected. Undefined when `userId` may edit it; the
 * api turns a refusal into its error, the editor page into its explanation.
 */
export function roadmapEditRefusal(
  roadmap: { authorId: string; status: RoadmapStatus },
  userId: string | undefined,
): RoadmapEditRefusal | undefined {
  if (userId === undefined || roadmap.authorId !== userId) return 'notYours';
  if (!isEditableStatus(roadmap.status)) return 'notEditable';
  return undefined;
}

export const canEditRoadmap = (
  roadmap: { authorId: string; status: RoadmapStatus },
  userId: string | undefined,
): boolean => roadmapEditRefusal(roadmap, userId) === undefined;

// --- The fields of the forms ---

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// --- A whole graph ---

export interface GraphIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What makes a saved graph whole: every node listed once, every edge between two different listed nodes and
 * listed once, content only for listed nodes and once each. Paths are those of the save's body.
 */
export function graphIssues(graph: {
  nodes: readonly { id: string }[];
  edges: readonly { source: string; target: string }[];
  nodeDetails: readonly { nodeId: string }[];
}): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const ids = new Set<string>();
  graph.nodes.forEach((node, index) => {
    if (ids.has(node.id))
      issues.push({ path: ['nodes', index, 'id'], message: msg('A node is listed twice.') });
    ids.add(node.id);
  });
  const edgeKeys = new Set<string>();
  graph.edges.forEach((edge, index) => {
    if (!ids.has(edge.source) || !ids.has(edge.target)) {
      issues.push({ path: ['edges', index], message: msg('An edge must connect two nodes of the roadmap.') });
    } else if (edge.source === edge.target) {
      issues.push({ path: ['edges', index], message: msg('A node cannot be connected to itself.') });
    }
    const key = `${edge.source}>${edge.target}`;
    if (edgeKeys.has(key)) issues.push({ path: ['edges', index], message: msg('An edge is listed twice.') });
    edgeKeys.add(key);
  });
  const detailIds = new Set<string>();
  graph.nodeDetails.forEach((detail, index) => {
    if (!ids.has(detail.nodeId))
      issues.push({
        path: ['nodeDetails', index, 'nodeId'],
        message: msg('Content must belong to a node of the roadmap.'),
      });
    if (detailIds.has(detail.nodeId))
      issues.push({ path: ['nodeDetails', index, 'nodeId'], message: msg('A node has content twice.') });
    detailIds.add(detail.nodeId);
  });
  return issues;
}
