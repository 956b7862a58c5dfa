import { describe, expect, it } from 'vitest';
import { progressOfMarks, recommendRefusal, stacksNamedIn, unknownTopicIssues } from './rules';

describe('the stacks a roadmap or topic names', () => {
  const stacks = ['React', 'Java', 'DevOps', 'C', 'C++', 'Node', 'SQL'];

  it('are the stack names found as whole words, in any case', () => {
    expect(stacksNamedIn(['DevOps Engineer'], stacks)).toEqual(['DevOps']);
    expect(stacksNamedIn(['Frontend Developer', 'react hooks'], stacks)).toEqual(['React']);
    expect(stacksNamedIn(['C++ in depth'], stacks)).toEqual(['C++']);
    expect(stacksNamedIn(['Node.js streams', 'SQL joins'], stacks)).toEqual(['Node', 'SQL']);
  });

  it('are none for a name inside a longer word', () => {
    expect(stacksNamedIn(['JavaScript', 'Reactive programming', 'Nodejs'], stacks)).toEqual([]);
    expect(stacksNamedIn(['Backend Developer'], stacks)).toEqual([]);
  });
});

describe('recommending topics', () => {
  const now = new Date('2026-12-01T10:30:00Z');
  const booking = {
    mentorId: 'm',
    status: 'confirmed' as const,
    startTime: new Date('2026-12-01T10:00:00Z'),
    roadmapId: 'r',
  };

  it('is for the mentor of a started session about a roadmap', () => {
    expect(recommendRefusal(booking, 'm', now)).toBeUndefined();
    expect(recommendRefusal({ ...booking, status: 'completed' }, 'm', now)).toBeUndefined();
    expect(recommendRefusal(booking, 'someone else', now)).toBe('not_yours');
    expect(recommendRefusal({ ...booking, roadmapId: null }, 'm', now)).toBe('no_roadmap');
    expect(recommendRefusal({ ...booking, status: 'pending_payment' }, 'm', now)).toBe('not_a_session');
    expect(recommendRefusal(booking, 'm', new Date('2026-12-01T09:59:59Z'))).toBe('not_started');
  });

  it('names each topic that is not one of the roadmap’s by its place', () => {
    expect(unknownTopicIssues(['a', 'x', 'b', 'y'], new Set(['a', 'b']), 'no')).toEqual([
      { message: 'no', field: 'nodeIds.1' },
      { message: 'no', field: 'nodeIds.3' },
    ]);
  });
});

describe('a mentee’s progress as their mentor reads it', () => {
  it('counts done and in progress, and keeps each topic’s mark', () => {
    const progress = progressOfMarks([
      { nodeId: 'a', status: 'done' },
      { nodeId: 'b', status: 'in_progress' },
      { nodeId: 'c', status: 'skipped' },
      { nodeId: 'd', status: 'done' },
    ]);
    expect(progress).toMatchObject({ done: 2, inProgress: 1 });
    expect(progress.marks.get('c')).toBe('skipped');
    expect(progressOfMarks([])).toMatchObject({ done: 0, inProgress: 0 });
  });
});
