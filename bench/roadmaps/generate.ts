// A roadmap of any size, shaped like the ones people draw: topics down a spine, each with a fan of
// subtopics beside it, and some subtopics leading on to the next topic. Every node has content and a link.
import { randomUUID } from 'node:crypto';

export interface GeneratedRoadmap {
  nodes: Array<{
    id: string;
    type: 'topic' | 'subtopic';
    x: number;
    y: number;
    label: string;
    background: string;
  }>;
  edges: Array<{ sourceId: string; targetId: string }>;
  details: Array<{
    nodeId: string;
    title: string;
    description: string;
    links: Array<{ title: string; url: string }>;
  }>;
}

const SUBTOPICS_PER_TOPIC = 9;

export function generateRoadmap({
  nodes: nodeCount,
  edges: edgeCount,
}: {
  nodes: number;
  edges: number;
}): GeneratedRoadmap {
  const topicCount = Math.ceil(nodeCount / (SUBTOPICS_PER_TOPIC + 1));
  const nodes: GeneratedRoadmap['nodes'] = [];
  const topics: string[] = [];
  const subtopicsOf: string[][] = [];
  for (let t = 0; t < topicCount && nodes.length < nodeCount; t += 1) {
    const topicId = randomUUID();
    topics.push(topicId);
    nodes.push({
      id: topicId,
      type: 'topic',
      x: 0,
      y: t * 240,
      label: `Topic ${t + 1}`,
      background: '#fdff00',
    });
    const subs: string[] = [];
    for (let s = 0; s < SUBTOPICS_PER_TOPIC && nodes.length < nodeCount; s += 1) {
      const id = randomUUID();
      subs.push(id);
      const side = s % 2 === 0 ? -1 : 1;
      const column = Math.floor(s / 2);
      nodes.push({
        id,
        type: 'subtopic',
        x: side * (160 + column * 120),
        y: t * 240 + (column % 2) * 60,
        label: `Topic ${t + 1}.${s + 1}`,
        background: '#f3c950',
      });
    }
    subtopicsOf.push(subs);
  }

  const edges: GeneratedRoadmap['edges'] = [];
  const add = (sourceId: string, targetId: string) => {
    if (edges.length < edgeCount) edges.push({ sourceId, targetId });
  };
  topics.forEach((topic, t) => {
    if (t > 0) add(topics[t - 1]!, topic);
    for (const sub of subtopicsOf[t]!) add(topic, sub);
  });
  // The rest: subtopics that lead on to the next topic, one more per topic each pass.
  for (let pass = 0; edges.length < edgeCount && pass < SUBTOPICS_PER_TOPIC; pass += 1) {
    for (let t = 0; t + 1 < topics.length && edges.length < edgeCount; t += 1) {
      const sub = subtopicsOf[t]![pass];
      if (sub !== undefined) add(sub, topics[t + 1]!);
    }
  }

  const details = nodes.map((node) => ({
    nodeId: node.id,
    title: node.label,
    description: `What to learn in ${node.label}, and why it comes at this point of the path.`,
    links: [
      { title: `${node.label} reference`, url: `https://example.org/docs/${encodeURIComponent(node.label)}` },
    ],
  }));
  return { nodes, edges, details };
}
