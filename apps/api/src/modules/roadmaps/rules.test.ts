import { describe, expect, it } from 'vitest';
import { roadmapMessages } from '@skillroute/shared/roadmap-rules';
import { AppError } from '../../lib/errors';
import {
  assertEditable,
  assertListable,
  assertReadable,
  assertReviewable,
  canRead,
  isAwaitingReview,
  reviewAuditEntry,
  reviewNotice,
  reviewOutcome,
  unknownNodeIndexes,
  type RoadmapFacts,
} from './rules';

const author = 'author-1';
const roadmap = (changes: Partial<RoadmapFacts> = {}): RoadmapFacts => ({
  authorId: author,
  status: 'drafted',
  isActive: false,
  submittedAt: null,
  ...changes,
});
const published = roadmap({ status: 'published', isActive: true, submittedAt: new Date() });

function refusal(run: () => void): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('who may read a roadmap', () => {
  it('lets everyone read a published, listed roadmap', () => {
    expect(canRead(published, {})).toBe(true);
    expect(canRead(published, { userId: 'someone' })).toBe(true);
  });

  it.each([
    ['drafted', roadmap()],
    ['rejected', roadmap({ status: 'rejected' })],
    ['published but unlisted', roadmap({ status: 'published', isActive: false })],
  ])('keeps a %s roadmap to its author and admins', (_name, facts) => {
    expect(canRead(facts, {})).toBe(false);
    expect(canRead(facts, { userId: 'someone' })).toBe(false);
    expect(canRead(facts, { userId: author })).toBe(true);
    expect(canRead(facts, { isAdmin: true })).toBe(true);
  });

  it('answers 404 to anyone else, and 401 to a lapsed session so it refreshes first', () => {
    expect(refusal(() => assertReadable(roadmap(), { userId: 'someone' }))).toEqual({
      code: 'not_found',
      message: roadmapMessages.roadmapNotFound,
    });
    expect(refusal(() => assertReadable(undefined, {}))).toMatchObject({ code: 'not_found' });
    expect(refusal(() => assertReadable(roadmap(), { sessionLapsed: true }))).toMatchObject({
      code: 'unauthorized',
    });
    expect(() => assertReadable(published, { sessionLapsed: true })).not.toThrow();
  });
});

describe('who may edit a roadmap', () => {
  it('lets the author edit while drafted or rejected', () => {
    expect(() => assertEditable(roadmap(), author)).not.toThrow();
    expect(() => assertEditable(roadmap({ status: 'rejected' }), author)).not.toThrow();
  });

  it('refuses a published roadmap (409), someone else (403 when they can see it, 404 when not)', () => {
    expect(refusal(() => assertEditable(published, author))).toEqual({
      code: 'conflict',
      message: roadmapMessages.notEditable,
    });
    expect(refusal(() => assertEditable(published, 'someone'))).toEqual({
      code: 'forbidden',
      message: roadmapMessages.notYours,
    });
    expect(refusal(() => assertEditable(roadmap(), 'someone'))).toMatchObject({ code: 'not_found' });
    expect(refusal(() => assertEditable(undefined, author))).toMatchObject({ code: 'not_found' });
  });
});

describe('reviewing and listing', () => {
  it('reviews only drafted roadmaps that were submitted', () => {
    expect(isAwaitingReview(roadmap({ submittedAt: new Date() }))).toBe(true);
    expect(isAwaitingReview(roadmap())).toBe(false);
    expect(refusal(() => assertReviewable(roadmap()))).toEqual({
      code: 'conflict',
      message: roadmapMessages.notInQueue,
    });
    expect(
      refusal(() => assertReviewable(roadmap({ status: 'rejected', submittedAt: new Date() }))),
    ).toMatchObject({ code: 'conflict' });
    expect(refusal(() => assertReviewable(published))).toMatchObject({ code: 'conflict' });
    expect(refusal(() => assertReviewable(undefined))).toMatchObject({ code: 'not_found' });
  });

  it('approval publishes, lists and clears old feedback; rejection keeps the feedback and unlists', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(reviewOutcome({ status: 'published' }, now)).toEqual({
      status: 'published',
      isActive: true,
      adminFeedback: null,
      reviewedAt: now,
    });
    expect(reviewOutcome({ status: 'rejected', adminFeedback: 'Needs lifetimes.' }, now)).toEqual({
      status: 'rejected',
      isActive: false,
      adminFeedback: 'Needs lifetimes.',
      reviewedAt: now,
    });
  });

  it('tells the author, with the feedback on a rejection', () => {
    const subject = { id: 'r1', title: 'Rust' };
    expect(reviewNotice(subject, { status: 'published' })).toEqual({
      type: 'roadmap_approved',
      message: 'Your roadmap "Rust" was approved and is now published.',
      link: '/roadmap/r1',
    });
    expect(reviewNotice(subject, { status: 'rejected', adminFeedback: 'Needs lifetimes.' })).toEqual({
      type: 'roadmap_rejected',
      message: 'Your roadmap "Rust" was rejected: Needs lifetimes.',
      link: '/profile/roadmaps',
    });
  });

  it('lists or unlists only published roadmaps', () => {
    expect(() => assertListable(published)).not.toThrow();
    expect(() => assertListable(roadmap({ status: 'published', isActive: false }))).not.toThrow();
    expect(refusal(() => assertListable(roadmap()))).toEqual({
      code: 'conflict',
      message: roadmapMessages.notPublished,
    });
    expect(refusal(() => assertListable(undefined))).toMatchObject({ code: 'not_found' });
  });
});

describe('unknownNodeIndexes', () => {
  it('names the listed nodes that were not created for this roadmap', () => {
    expect(
      unknownNodeIndexes([{ id: 'a' }, { id: 'x' }, { id: 'b' }, { id: 'y' }], new Set(['a', 'b'])),
    ).toEqual([1, 3]);
    expect(unknownNodeIndexes([], new Set())).toEqual([]);
  });
});

describe('reviewAuditEntry', () => {
  const target = { id: 'roadmap-1', title: 'Rust from zero' };

  it('names the decision, the roadmap and its title, with the feedback that was given', () => {
    expect(reviewAuditEntry(target, { status: 'rejected', adminFeedback: 'Add sources.' })).toEqual({
      action: 'roadmap.reject',
      targetType: 'roadmap',
      targetId: 'roadmap-1',
      details: { title: 'Rust from zero', feedback: 'Add sources.' },
    });
    expect(reviewAuditEntry(target, { status: 'published' })).toEqual({
      action: 'roadmap.approve',
      targetType: 'roadmap',
      targetId: 'roadmap-1',
      details: { title: 'Rust from zero' },
    });
    expect(reviewAuditEntry(target, { status: 'published', adminFeedback: 'Lovely.' }).details).toEqual({
      title: 'Rust from zero',
      feedback: 'Lovely.',
    });
  });
});
