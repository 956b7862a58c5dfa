import type { RoadmapNode } from '@skillroute/shared/roadmap-api';
import { describe, expect, it } from 'vitest';
import { buildOutline, statusOf, summarizeProgress } from './outline';

const node = (id: string, type: 'topic' | 'subtopic', x: number, y: number): RoadmapNode => ({
  id,
  type,
  position: { x, y },
  data: { label: id },
  background: '#fdff00',
});

describe('buildOutline', () => {
  it('lists topics top to bottom with the subtopics their edges lead to', () => {
    const nodes = [
      node('b', 'topic', 0, 200),
      node('a', 'topic', 0, 0),
      node('a2', 'subtopic', 200, 10),
      node('a1', 'subtopic', -200, 10),
      node('b1', 'subtopic', 200, 190),
    ];
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'a', target: 'a1' },
      { source: 'a', target: 'a2' },
      { source: 'b', target: 'b1' },
    ];
    expect(
      buildOutline(nodes, edges).map((entry) => [entry.node.id, entry.subtopics.map((sub) => sub.id)]),
    ).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
  });

  it('prefers the topic an edge comes from to the topic an edge leads to, whatever their order', () => {
    const nodes = [node('a', 'topic', 0, 0), node('b', 'topic', 0, 300), node('a1', 'subtopic', 200, 10)];
    const edges = [
      { source: 'a1', target: 'b' },
      { source: 'a', target: 'b' },
      { source: 'a', target: 'a1' },
    ];
    expect(
      buildOutline(nodes, edges).map((entry) => [entry.node.id, entry.subtopics.map((sub) => sub.id)]),
    ).toEqual([
      ['a', ['a1']],
      ['b', []],
    ]);
    expect(
      buildOutline(nodes, [edges[0]!]).map((entry) => [entry.node.id, entry.subtopics.map((sub) => sub.id)]),
    ).toEqual([
      ['a', []],
      ['b', ['a1']],
    ]);
  });

  it('puts a subtopic without an edge under the nearest topic above it, and keeps lone subtopics', () => {
    const nodes = [node('a', 'topic', 0, 0), node('b', 'topic', 0, 300), node('loose', 'subtopic', 100, 320)];
    expect(
      buildOutline(nodes, []).map((entry) => [entry.node.id, entry.subtopics.map((sub) => sub.id)]),
    ).toEqual([
      ['a', []],
      ['b', ['loose']],
    ]);
    expect(buildOutline([node('only', 'subtopic', 0, 0)], []).map((entry) => entry.node.id)).toEqual([
      'only',
    ]);
  });
});

describe('progress', () => {
  const nodes = [
    node('a', 'topic', 0, 0),
    node('b', 'topic', 0, 1),
    node('c', 'topic', 0, 2),
    node('d', 'topic', 0, 3),
  ];

  it('counts marks of this roadmap only, and the percentage of topics done or skipped', () => {
    const progress = [
      { nodeId: 'a', status: 'done' as const },
      { nodeId: 'b', status: 'in_progress' as const },
      { nodeId: 'c', status: 'skipped' as const },
      { nodeId: 'gone', status: 'done' as const },
    ];
    expect(summarizeProgress(nodes, progress)).toEqual({
      total: 4,
      done: 1,
      inProgress: 1,
      skipped: 1,
      percent: 50,
    });
    expect(summarizeProgress([], [])).toEqual({ total: 0, done: 0, inProgress: 0, skipped: 0, percent: 0 });
    expect(statusOf(progress, 'b')).toBe('in_progress');
    expect(statusOf(progress, 'd')).toBe('pending');
  });
});
