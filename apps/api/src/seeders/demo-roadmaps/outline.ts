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

/** Node width is 100 (spec §3), so a subtopic this far to the side leaves 80px between it and its topic. */
export const SIDE_OFFSET = 180;
/** A node of two lines of 7px text is about 32px tall; rows this far apart leave a gap between them. */
export const ROW_HEIGHT = 48;
/**
 * How far below its topic's top the first row of subtopics sits: below the topic's bottom edge, so every
 * edge (which leaves a node at the bottom and enters at the top) runs down and never curls back up.
 */
export const SUBTOPIC_DROP = 40;
/** Between a topic's last row of subtopics and the next topic. */
export const TOPIC_GAP = 72;

/**
 * Topics down the middle (x = 0) in reading order, each chained to the next. A topic's subtopics hang below
 * it, alternating left and right (first left, second right, third left...), one row per pair, so reading
 * the drawing top to bottom and left to right gives the outline's own order. The next topic starts below
 * the last row. Pure: the same outline always gives the same drawing.
 */
export function layout(roadmap: DemoRoadmap): DemoDrawing {
  const nodes: PlacedNode[] = [];
  const edges: Array<[string, string]> = [];
  let y = 0;
  roadmap.topics.forEach((topic, t) => {
    const topicKey = `t${t}`;
    nodes.push({ key: topicKey, type: 'topic', x: 0, y, node: topic });
    if (t > 0) edges.push([`t${t - 1}`, topicKey]);
    topic.subtopics.forEach((sub, s) => {
      const key = `t${t}s${s}`;
      const side = s % 2 === 0 ? -1 : 1;
      nodes.push({
        key,
        type: 'subtopic',
        x: side * SIDE_OFFSET,
        y: y + SUBTOPIC_DROP + Math.floor(s / 2) * ROW_HEIGHT,
        node: sub,
      });
      edges.push([topicKey, key]);
    });
    const rows = Math.ceil(topic.subtopics.length / 2);
    y += SUBTOPIC_DROP + rows * ROW_HEIGHT + TOPIC_GAP;
  });
  return { nodes, edges };
}
