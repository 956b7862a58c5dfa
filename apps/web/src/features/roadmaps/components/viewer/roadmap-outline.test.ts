import type { RoadmapNode } from '@skillroute/shared/roadmap-api';
import { describe, expect, it } from 'vitest';
import type { OutlineTopic } from './outline';
import { topicsInFirstRows } from './roadmap-outline';

const node = (id: string): RoadmapNode => ({
  id,
  type: 'topic',
  position: { x: 0, y: 0 },
  data: { label: id },
  background: '#fdff00',
});
const topic = (id: string, subtopics: number): OutlineTopic => ({
  node: node(id),
  subtopics: Array.from({ length: subtopics }, (_, index) => node(`${id}.${index}`)),
});

describe('topicsInFirstRows', () => {
  it('counts the topics whose rows, each with all its subtopics, reach the first rows', () => {
    const outline = [topic('a', 9), topic('b', 9), topic('c', 9), topic('d', 0)];
    expect(topicsInFirstRows(outline, 10)).toBe(1);
    expect(topicsInFirstRows(outline, 11)).toBe(2);
    expect(topicsInFirstRows(outline, 30)).toBe(3);
    expect(topicsInFirstRows(outline, 60)).toBe(4);
    expect(topicsInFirstRows([], 60)).toBe(0);
  });
});
