import type { ProgressEntry, RoadmapEdge, RoadmapNode } from '@skillroute/shared/roadmap-api';
import type { ProgressStatus } from '@skillroute/shared/roadmap-rules';
import { t } from '@/lib/i18n';

export interface OutlineTopic {
  node: RoadmapNode;
  subtopics: RoadmapNode[];
}

/** Top to bottom, then left to right: the order a person reads a roadmap drawn down the page. */
export function readingOrder(a: RoadmapNode, b: RoadmapNode): number {
  return a.position.y - b.position.y || a.position.x - b.position.x || a.id.localeCompare(b.id);
}

/**
 * Every topic in reading order, each with its subtopics: a subtopic belongs to the topic that has an edge to
 * it, else to the topic nearest above it (or the first topic). Subtopics with no topic at all form a group
 * of their own, so nothing drawn is left out.
 */
export function buildOutline(nodes: readonly RoadmapNode[], edges: readonly RoadmapEdge[]): OutlineTopic[] {
  const topics = nodes.filter((node) => node.type === 'topic').sort(readingOrder);
  const outline = new Map(topics.map((topic) => [topic.id, { node: topic, subtopics: [] as RoadmapNode[] }]));
  // Each node's first edge from a topic, and its first edge to one: one pass over the edges, not one per subtopic.
  const fromTopic = new Map<string, string>();
  const toTopic = new Map<string, string>();
  for (const edge of edges) {
    if (outline.has(edge.source) && !fromTopic.has(edge.target)) fromTopic.set(edge.target, edge.source);
    if (outline.has(edge.target) && !toTopic.has(edge.source)) toTopic.set(edge.source, edge.target);
  }
  const orphans: RoadmapNode[] = [];
  for (const sub of nodes.filter((node) => node.type === 'subtopic').sort(readingOrder)) {
    const parentId = fromTopic.get(sub.id) ?? toTopic.get(sub.id) ?? nearestTopicAbove(topics, sub)?.id;
    const entry = parentId === undefined ? undefined : outline.get(parentId);
    if (entry) entry.subtopics.push(sub);
    else orphans.push(sub);
  }
  const result = [...outline.values()];
  if (orphans.length > 0) result.push(...orphans.map((node) => ({ node, subtopics: [] })));
  return result;
}

function nearestTopicAbove(topics: readonly RoadmapNode[], sub: RoadmapNode): RoadmapNode | undefined {
  let best: RoadmapNode | undefined;
  for (const topic of topics) if (topic.position.y <= sub.position.y + 1) best = topic;
  return best ?? topics[0];
}

export interface ProgressSummary {
  total: number;
  done: number;
  inProgress: number;
  skipped: number;
  /** Whole percent of topics done, counting skipped ones as out of the way. */
  percent: number;
}

export function statusOf(progress: readonly ProgressEntry[], nodeId: string): ProgressStatus {
  return progress.find((entry) => entry.nodeId === nodeId)?.status ?? 'pending';
}

export function summarizeProgress(
  nodes: readonly RoadmapNode[],
  progress: readonly ProgressEntry[],
): ProgressSummary {
  const ids = new Set(nodes.map((node) => node.id));
  const marks = progress.filter((entry) => ids.has(entry.nodeId));
  const count = (status: ProgressStatus) => marks.filter((entry) => entry.status === status).length;
  const done = count('done');
  const skipped = count('skipped');
  const total = nodes.length;
  return {
    total,
    done,
    inProgress: count('in_progress'),
    skipped,
    percent: total === 0 ? 0 : Math.round(((done + skipped) / total) * 100),
  };
}

/** A progress status in the reader's language (called while rendering). */
export function progressLabel(status: ProgressStatus): string {
  switch (status) {
    case 'pending':
      return t('Not started');
    case 'in_progress':
      return t('In progress');
    case 'done':
      return t('Done');
    case 'skipped':
      return t('Skipped');
  }
}
