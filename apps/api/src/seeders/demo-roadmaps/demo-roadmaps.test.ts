import { describe, expect, it } from 'vitest';
import { NODE_LABEL_MAX, nodeContentSchema } from '@skillroute/shared/roadmaps';
import { layout, ROW_HEIGHT, SIDE_OFFSET, type DemoRoadmap } from './outline';
import { demoRoadmaps } from './seeder';

const NODE_WIDTH = 100;
const NODE_HEIGHT = 32;

describe.each(demoRoadmaps.map((roadmap) => [roadmap.title, roadmap] as [string, DemoRoadmap]))('the demo roadmap %s', (_title, roadmap) => {
  const drawing = layout(roadmap);

  it('is substantial: 40 nodes or more, every one with valid notes and https links', () => {
    expect(drawing.nodes.length).toBeGreaterThanOrEqual(40);
    for (const { node } of drawing.nodes) {
      const content = { title: node.label, description: node.description, links: node.links.map(([title, url]) => ({ title, url })) };
      expect(nodeContentSchema.safeParse(content).success, node.label).toBe(true);
      expect(node.links.length, node.label).toBeGreaterThanOrEqual(1);
      for (const [, url] of node.links) expect(url, node.label).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
      expect(node.label.length).toBeLessThanOrEqual(Math.min(NODE_LABEL_MAX, 28));
    }
  });

  it('has unique labels, so the outline and the drawing read unambiguously', () => {
    const labels = drawing.nodes.map(({ node }) => node.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('chains its topics in order and hangs every subtopic from its topic', () => {
    const topics = drawing.nodes.filter((placed) => placed.type === 'topic');
    const subtopics = drawing.nodes.filter((placed) => placed.type === 'subtopic');
    for (let index = 1; index < topics.length; index += 1) expect(drawing.edges).toContainEqual([topics[index - 1]!.key, topics[index]!.key]);
    for (const sub of subtopics) {
      const parents = drawing.edges.filter(([, target]) => target === sub.key).map(([source]) => source);
      expect(parents).toHaveLength(1);
      expect(topics.map((topic) => topic.key)).toContain(parents[0]);
    }
    expect(drawing.edges).toHaveLength(topics.length - 1 + subtopics.length);
  });

  it('draws no node on top of another, topics down the middle and subtopics beside them', () => {
    const boxes = drawing.nodes.map((placed) => ({ key: placed.key, x: placed.x, y: placed.y }));
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const overlap = Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;
        expect(overlap, `${a.key} and ${b.key}`).toBe(false);
      }
    }
    expect(new Set(drawing.nodes.filter((placed) => placed.type === 'topic').map((placed) => placed.x))).toEqual(new Set([0]));
    expect(new Set(drawing.nodes.filter((placed) => placed.type === 'subtopic').map((placed) => Math.abs(placed.x)))).toEqual(new Set([SIDE_OFFSET]));
    expect(ROW_HEIGHT).toBeGreaterThan(NODE_HEIGHT);
  });
});

describe('layout', () => {
  it('places topics in reading order, top to bottom', () => {
    const drawing = layout(demoRoadmaps[0]!);
    const ys = drawing.nodes.filter((placed) => placed.type === 'topic').map((placed) => placed.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });
});
