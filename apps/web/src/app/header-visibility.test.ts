import { describe, expect, it } from 'vitest';
import { isHeaderHidden, isMentorProfileHeader } from './header-visibility';

describe('isHeaderHidden', () => {
  it.each([
    ['/', false],
    ['/assessment', true],
    ['/assessment/1', true],
    ['/assessment/1/review', true],
    ['/meet', true],
    ['/meet/abc', true],
    ['/draw-roadmap/0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11', true],
    ['/roadmap/0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11', false],
    // Whole segments only: another page that happens to share the letters keeps its header.
    ['/meeting', false],
    ['/assessments', false],
    ['/admin/assessment-managment', false],
    ['/profile/bookings', false],
  ])('%s -> hidden: %s', (pathname, hidden) => {
    expect(isHeaderHidden(pathname)).toBe(hidden);
  });
});

describe('isMentorProfileHeader', () => {
  it.each([
    ['/mentor-profile/m1', true],
    ['/mentor-profile', true],
    ['/mentor-profiles', false],
    ['/explore-mentors', false],
  ])('%s -> own header: %s', (pathname, own) => {
    expect(isMentorProfileHeader(pathname)).toBe(own);
  });
});
