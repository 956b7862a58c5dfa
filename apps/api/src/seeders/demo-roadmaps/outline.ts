/**
 * The shape our demo roadmaps are written in: topics in reading order, each with its subtopics, every one
 * with notes and links. `layout` turns an outline into a drawing: topics down a spine, subtopics beside them.
 */
export type DemoLink = readonly [title: string, url: string];

export interface DemoNode {
  label: string;
  description: string;
  links: readonly DemoLink[];
}

export interface DemoTopic extends DemoNode {
  subtopics: readonly DemoNode[];
}

export interface DemoRoadmap {
  title: string;
  description: string;
  topics: readonly DemoTopic[];
}

export interface PlacedNode {
  key: string;
  type: 'topic' | 'subtopic';
  x: number;
  y: number;
  node: DemoNode;
}

export interface DemoDrawing {
  nodes: PlacedNode[];
  /** Pairs of node keys. */
  edges: Array<[source: string, target: string]>;
}

/** Node width is 100 (spec §3); these leave room for two lines of 7px text and a gap. */
export const SIDE_OFFSET = 170;
export const ROW_HEIGHT = 48;
export const TOPIC_GAP = 72;

/**
 * Topics down the middle (x = 0); each topic's subtopics split left and right, stacked around the topic's
 * row. The next topic starts below the taller side. Topics chain top to bottom; each subtopic hangs from
 * its topic.
 */
export function layout(roadmap: DemoRoadmap): DemoDrawing {
  const nodes: PlacedNode[] = [];
  const edges: Array<[string, string]> = [];
  let y = 0;
  roadmap.topics.forEach((topic, t) => {
    const topicKey = `t${t}`;
    const leftCount = Math.ceil(topic.subtopics.length / 2);
    const rows = Math.max(1, leftCount);
    const topicY = y + ((rows - 1) * ROW_HEIGHT) / 2;
    nodes.push({ key: topicKey, type: 'topic', x: 0, y: topicY, node: topic });
    if (t > 0) edges.push([`t${t - 1}`, topicKey]);
    topic.subtopics.forEach((sub, s) => {
      const left = s < leftCount;
      const row = left ? s : s - leftCount;
      const key = `t${t}s${s}`;
      nodes.push({ key, type: 'subtopic', x: left ? -SIDE_OFFSET : SIDE_OFFSET, y: y + row * ROW_HEIGHT, node: sub });
      edges.push([topicKey, key]);
    });
    y += rows * ROW_HEIGHT + TOPIC_GAP;
  });
  return { nodes, edges };
}
