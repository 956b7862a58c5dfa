import { describe, expect, it } from 'vitest';
import { isHeaderHidden } from './header-visibility';

describe('isHeaderHidden', () => {
  it.each([
    ['/', false],
    ['/assessment', true],
    ['/assessment/1', true],
    ['/assessment/1/review', true],
    ['/meet', true],
    ['/meet/abc', true],
    // Whole segments only: another page that happens to share the letters keeps its header.
    ['/meeting', false],
    ['/assessments', false],
    ['/admin/assessment-managment', false],
    ['/profile/bookings', false],
  ])('%s -> hidden: %s', (pathname, hidden) => {
    expect(isHeaderHidden(pathname)).toBe(hidden);
  });
});
