import { describe, expect, it } from 'vitest';
import {
  isNoShowDecisionDue,
  mentorMissed,
  NO_SHOW_POLICY,
  noShowOf,
  noShowsCountFrom,
  noShowVerdict,
  reachesNoShowLimit,
} from './no-shows';

const START = new Date('2026-12-07T10:00:00Z');
const JOINED = new Date('2026-12-07T09:55:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe('who did not come', () => {
  it('is the one whose join was never recorded, both, or nobody', () => {
    expect(noShowOf({ mentorJoinedAt: null, menteeJoinedAt: JOINED })).toBe('mentor');
    expect(noShowOf({ mentorJoinedAt: JOINED, menteeJoinedAt: null })).toBe('mentee');
    expect(noShowOf({ mentorJoinedAt: null, menteeJoinedAt: null })).toBe('both');
    expect(noShowOf({ mentorJoinedAt: JOINED, menteeJoinedAt: JOINED.toISOString() })).toBeUndefined();
  });

  it('refunds and counts against the mentor only when the mentor missed it', () => {
    expect(mentorMissed('mentor')).toBe(true);
    expect(mentorMissed('both')).toBe(true);
    expect(mentorMissed('mentee')).toBe(false);
  });
});

describe('when it is decided', () => {
  it('is 10 minutes after the start, not a millisecond before', () => {
    expect(isNoShowDecisionDue(START, new Date(minutes(10).getTime() - 1))).toBe(false);
    expect(isNoShowDecisionDue(START, minutes(10))).toBe(true);
    expect(isNoShowDecisionDue(START.toISOString(), minutes(50))).toBe(true);
  });
});

describe("a mentor's count", () => {
  const now = new Date('2027-03-01T00:00:00Z');
  it('starts 90 days back, or at the last restore if that is later', () => {
    expect(noShowsCountFrom(now, null)).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(noShowsCountFrom(now, new Date('2026-11-01T00:00:00Z'))).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(noShowsCountFrom(now, new Date('2027-02-01T00:00:00Z'))).toEqual(new Date('2027-02-01T00:00:00Z'));
  });
  it('takes the mentor off the listing at the third', () => {
    expect(reachesNoShowLimit(2)).toBe(false);
    expect(reachesNoShowLimit(3)).toBe(true);
  });
});

describe('the words', () => {
  it('tell each person what was decided, from where they stand', () => {
    expect(noShowVerdict('mentor', 'mentee')).toBe('The mentor did not join; you are refunded in full.');
    expect(noShowVerdict('mentor', 'mentor')).toMatch(/^You did not join/);
    expect(noShowVerdict('mentee', 'mentor')).toMatch(/you are paid as for a completed session/);
    expect(noShowVerdict('mentee', 'mentee')).toMatch(/there is no refund/);
    expect(noShowVerdict('both', 'mentee')).toMatch(/you are refunded in full/);
  });
  it('state the policy with the decision time the sweeper uses', () => {
    expect(NO_SHOW_POLICY).toContain('10 minutes after the start');
  });
});
