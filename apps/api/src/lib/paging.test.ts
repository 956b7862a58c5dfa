import { describe, expect, it } from 'vitest';
import { REVIEWS_PAGE_SIZE } from '@skillroute/shared/bookings';
import { pageWindow } from './paging';

describe('pageWindow', () => {
  it('pages from 1', () => {
    expect(pageWindow(1, 12).offset).toBe(0);
    expect(pageWindow(3, 10).offset).toBe(20);
  });

  it('reads pages from 1', () => {
    expect(pageWindow(1, REVIEWS_PAGE_SIZE)).toEqual({ offset: 0, limit: REVIEWS_PAGE_SIZE });
    expect(pageWindow(3, REVIEWS_PAGE_SIZE)).toEqual({
      offset: 2 * REVIEWS_PAGE_SIZE,
      limit: REVIEWS_PAGE_SIZE,
    });
  });
});
