import { describe, expect, it } from 'vitest';
import { roadmapStatusLabel } from './roadmap-status-badge';

describe('roadmapStatusLabel', () => {
  it("names each status with the spec's word, and says what the status alone does not", () => {
    expect(roadmapStatusLabel({ status: 'drafted', isActive: true, submittedAt: null })).toBe('Drafted');
    expect(
      roadmapStatusLabel({ status: 'drafted', isActive: true, submittedAt: '2026-11-23T10:00:00.000Z' }),
    ).toBe('Drafted, in review');
    expect(
      roadmapStatusLabel({ status: 'rejected', isActive: true, submittedAt: '2026-11-23T10:00:00.000Z' }),
    ).toBe('Rejected');
    expect(
      roadmapStatusLabel({ status: 'published', isActive: true, submittedAt: '2026-11-23T10:00:00.000Z' }),
    ).toBe('Published');
    expect(
      roadmapStatusLabel({ status: 'published', isActive: false, submittedAt: '2026-11-23T10:00:00.000Z' }),
    ).toBe('Published, unlisted');
  });
});
