import { describe, expect, it } from 'vitest';
import {
  createRoadmapBodySchema,
  publishRoadmapBodySchema,
  type PublishRoadmapBody,
} from '@skillroute/shared/roadmap-api';
import {
  DEFAULT_NODE_WIDTH,
  DEFAULT_SUBTOPIC_COLOUR,
  DEFAULT_TOPIC_COLOUR,
} from '@skillroute/shared/roadmap-rules';
import { nodeContentSchema } from '@skillroute/shared/roadmap-fields';
import { demoSeeders } from '../../seeders';
import {
  layout,
  ROW_HEIGHT,
  SIDE_OFFSET,
  SUBTOPIC_DROP,
  type DemoDrawing,
  type DemoNode,
  type DemoRoadmap,
} from './outline';
import { demoRoadmaps } from './seeder';

/** A node of two lines of 7px text with its padding and border (the web's roadmap-node). */
const NODE_HEIGHT = 32;
/** About what two lines of a 100px node at 7px hold without breaking inside a word. */
const LABEL_FITS = 24;

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < DEFAULT_NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

function assertNoOverlap(drawing: DemoDrawing): void {
  for (const [index, a] of drawing.nodes.entries()) {
    for (const b of drawing.nodes.slice(index + 1))
      expect(overlaps(a, b), `${a.key} and ${b.key}`).toBe(false);
  }
}

/** Top to bottom, then left to right: how the web's outline and a reader take the drawing in. */
const readingOrder = (drawing: DemoDrawing) =>
  [...drawing.nodes].sort((a, b) => a.y - b.y || a.x - b.x).map((placed) => placed.key);
const outlineOrder = (roadmap: DemoRoadmap) =>
  roadmap.topics.flatMap((topic, t) => [`t${t}`, ...topic.subtopics.map((_, s) => `t${t}s${s}`)]);

/** The drawing as the editor would save it, with made-up ids: the demo must pass what a person's save must. */
function asPublishBody(drawing: DemoDrawing): PublishRoadmapBody {
  const indexOf = new Map(drawing.nodes.map((placed, index) => [placed.key, index + 1]));
  const id = (key: string) => `00000000-0000-4000-8000-${String(indexOf.get(key) ?? 0).padStart(12, '0')}`;
  return {
    roadmapId: '10000000-0000-4000-8000-000000000000',
    nodes: drawing.nodes.map((placed) => ({
      id: id(placed.key),
      type: placed.type,
      position: { x: placed.x, y: placed.y },
      data: { label: placed.node.label },
      background: placed.type === 'topic' ? DEFAULT_TOPIC_COLOUR : DEFAULT_SUBTOPIC_COLOUR,
    })),
    edges: drawing.edges.map(([source, target]) => ({ source: id(source), target: id(target) })),
    nodeDetails: drawing.nodes.map((placed) => ({
      nodeId: id(placed.key),
      title: placed.node.label,
      description: placed.node.description,
      links: placed.node.links.map(([title, url]) => ({ title, url })),
    })),
  };
}

describe.each(demoRoadmaps.map((roadmap) => [roadmap.title, roadmap] as [string, DemoRoadmap]))(
  'the demo roadmap %s',
  (_title, roadmap) => {
    const drawing = layout(roadmap);
    const topics = drawing.nodes.filter((placed) => placed.type === 'topic');
    const subtopics = drawing.nodes.filter((placed) => placed.type === 'subtopic');

    it('is substantial: 40 nodes or more, topics and subtopics both', () => {
      expect(drawing.nodes.length).toBeGreaterThanOrEqual(40);
      expect(topics.length).toBeGreaterThanOrEqual(8);
      expect(subtopics.length).toBeGreaterThan(topics.length);
      expect(
        createRoadmapBodySchema.safeParse({ title: roadmap.title, description: roadmap.description }).success,
      ).toBe(true);
    });

    it('gives every node valid content: a title, a description of one to three sentences, and one or two https links', () => {
      for (const { node } of drawing.nodes) {
        const content = {
          title: node.label,
          description: node.description,
          links: node.links.map(([title, url]) => ({ title, url })),
        };
        expect(nodeContentSchema.safeParse(content).error?.issues, node.label).toBeUndefined();
        expect(node.description.length, node.label).toBeGreaterThanOrEqual(40);
        expect(node.description.split(/(?<=[.!?])\s+(?=[A-Z])/).length, node.label).toBeLessThanOrEqual(3);
        expect(node.links.length, node.label).toBeGreaterThanOrEqual(1);
        expect(node.links.length, node.label).toBeLessThanOrEqual(2);
        for (const [title, url] of node.links) {
          expect(title.trim(), node.label).not.toBe('');
          expect(new URL(url).protocol, `${node.label}: ${url}`).toBe('https:');
          expect(url, node.label).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
        }
      }
    });

    it('has short labels that fit a node, unique within the roadmap', () => {
      const labels = drawing.nodes.map(({ node }) => node.label);
      for (const label of labels) expect(label.length, label).toBeLessThanOrEqual(LABEL_FITS);
      expect(new Set(labels).size).toBe(labels.length);
    });

    it('chains its topics in order and hangs every subtopic from its own topic, and nothing else', () => {
      for (let index = 1; index < topics.length; index += 1)
        expect(drawing.edges).toContainEqual([topics[index - 1]!.key, topics[index]!.key]);
      for (const sub of subtopics) {
        const parents = drawing.edges.filter(([, target]) => target === sub.key).map(([source]) => source);
        expect(parents, sub.key).toEqual([sub.key.slice(0, sub.key.indexOf('s'))]);
      }
      expect(drawing.edges).toHaveLength(topics.length - 1 + subtopics.length);
    });

    it('passes the same rules as a roadmap a person saves in the editor', () => {
      expect(publishRoadmapBodySchema.safeParse(asPublishBody(drawing)).error?.issues).toBeUndefined();
    });

    it('draws no node on top of another: topics down the middle, subtopics to both sides below their topic', () => {
      assertNoOverlap(drawing);
      expect(new Set(topics.map((placed) => placed.x))).toEqual(new Set([0]));
      expect(new Set(subtopics.map((placed) => placed.x))).toEqual(new Set([-SIDE_OFFSET, SIDE_OFFSET]));
      const yOf = new Map(drawing.nodes.map((placed) => [placed.key, placed.y]));
      for (const sub of subtopics) {
        const t = Number(sub.key.slice(1, sub.key.indexOf('s')));
        // Below its topic's bottom edge, so its edge runs downward; above the next topic.
        expect(sub.y, sub.key).toBeGreaterThanOrEqual(yOf.get(`t${t}`)! + NODE_HEIGHT);
        if (yOf.has(`t${t + 1}`)) expect(sub.y + NODE_HEIGHT, sub.key).toBeLessThan(yOf.get(`t${t + 1}`)!);
      }
    });

    it('reads top to bottom, left to right, in the order the outline was written', () => {
      expect(readingOrder(drawing)).toEqual(outlineOrder(roadmap));
    });
  },
);

describe('the demo roadmaps together', () => {
  it('are the Frontend, Backend and DevOps paths, newest first in that order', () => {
    expect(demoRoadmaps.map((roadmap) => roadmap.title)).toEqual([
      'Frontend Developer',
      'Backend Developer',
      'DevOps Engineer',
    ]);
  });

  it('are seeded at start-up, after the demo admin', () => {
    const names = demoSeeders.map((seeder) => seeder.name);
    expect(names).toContain('demo-roadmaps');
    expect(names.indexOf('demo-roadmaps')).toBeGreaterThan(names.indexOf('demo-admin'));
  });
});

describe('layout', () => {
  const node = (label: string): DemoNode => ({ label, description: 'Something worth learning.', links: [] });
  const outline = (...counts: number[]): DemoRoadmap => ({
    title: 'Shapes',
    description: 'Topics with different numbers of subtopics.',
    topics: counts.map((count, t) => ({
      ...node(`T${t}`),
      subtopics: Array.from({ length: count }, (_, s) => node(`T${t}S${s}`)),
    })),
  });

  it('is pure: the same outline gives the same drawing', () => {
    const roadmap = outline(3, 0, 5);
    expect(layout(roadmap)).toEqual(layout(roadmap));
  });

  it('puts the first subtopic left, the second right, a row per pair, starting below the topic', () => {
    const { nodes } = layout(outline(3));
    expect(nodes.map(({ key, x, y }) => ({ key, x, y }))).toEqual([
      { key: 't0', x: 0, y: 0 },
      { key: 't0s0', x: -SIDE_OFFSET, y: SUBTOPIC_DROP },
      { key: 't0s1', x: SIDE_OFFSET, y: SUBTOPIC_DROP },
      { key: 't0s2', x: -SIDE_OFFSET, y: SUBTOPIC_DROP + ROW_HEIGHT },
    ]);
  });

  it('keeps any mix of counts apart, in reading order, with topics spaced by how many rows came before', () => {
    for (const counts of [[0], [0, 0, 0], [1, 2], [7, 0, 1], [12, 3, 0, 9]]) {
      const roadmap = outline(...counts);
      const drawing = layout(roadmap);
      assertNoOverlap(drawing);
      expect(readingOrder(drawing)).toEqual(outlineOrder(roadmap));
      const topicYs = drawing.nodes.filter((placed) => placed.type === 'topic').map((placed) => placed.y);
      for (let t = 1; t < topicYs.length; t += 1) {
        expect(topicYs[t]! - topicYs[t - 1]!).toBeGreaterThanOrEqual(
          SUBTOPIC_DROP + Math.ceil(counts[t - 1]! / 2) * ROW_HEIGHT,
        );
      }
    }
  });

  it('draws nothing for an empty outline', () => {
    expect(layout(outline())).toEqual({ nodes: [], edges: [] });
  });
});
