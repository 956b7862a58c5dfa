import { describe, expect, it } from 'vitest';
import {
  canEditRoadmap,
  graphIssues,
  isEditableStatus,
  roadmapEditRefusal,
  ROADMAP_STATUSES,
} from './roadmap-rules';

describe('who may edit a roadmap', () => {
  const author = 'u1';

  it('lets its author edit it while it is drafted or rejected', () => {
    expect(canEditRoadmap({ authorId: author, status: 'drafted' }, author)).toBe(true);
    expect(canEditRoadmap({ authorId: author, status: 'rejected' }, author)).toBe(true);
    expect(ROADMAP_STATUSES.filter(isEditableStatus)).toEqual(['drafted', 'rejected']);
  });

  it('keeps a published roadmap fixed, even for its author', () => {
    expect(canEditRoadmap({ authorId: author, status: 'published' }, author)).toBe(false);
    expect(roadmapEditRefusal({ authorId: author, status: 'published' }, author)).toBe('notEditable');
  });

  it('lets nobody else edit it, in any status, and says so before the status', () => {
    for (const status of ROADMAP_STATUSES) {
      expect(roadmapEditRefusal({ authorId: author, status }, 'u2')).toBe('notYours');
      expect(roadmapEditRefusal({ authorId: author, status }, undefined)).toBe('notYours');
    }
  });
});

describe('a whole graph', () => {
  const nodes = [{ id: 'a' }, { id: 'b' }];

  it('has no issues when every edge and every content belongs to listed nodes', () => {
    expect(
      graphIssues({ nodes, edges: [{ source: 'a', target: 'b' }], nodeDetails: [{ nodeId: 'a' }] }),
    ).toEqual([]);
  });

  it('names every part that does not fit, by its path in the save', () => {
    expect(
      graphIssues({
        nodes: [...nodes, { id: 'a' }],
        edges: [
          { source: 'a', target: 'z' },
          { source: 'b', target: 'b' },
          { source: 'a', target: 'b' },
          { source: 'a', target: 'b' },
        ],
        nodeDetails: [{ nodeId: 'z' }, { nodeId: 'a' }, { nodeId: 'a' }],
      }),
    ).toEqual([
      { path: ['nodes', 2, 'id'], message: 'A node is listed twice.' },
      { path: ['edges', 0], message: 'An edge must connect two nodes of the roadmap.' },
      { path: ['edges', 1], message: 'A node cannot be connected to itself.' },
      { path: ['edges', 3], message: 'An edge is listed twice.' },
      { path: ['nodeDetails', 0, 'nodeId'], message: 'Content must belong to a node of the roadmap.' },
      { path: ['nodeDetails', 2, 'nodeId'], message: 'A node has content twice.' },
    ]);
  });
});
