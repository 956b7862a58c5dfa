import { describe, expect, it } from 'vitest';
import {
  markReadBodySchema,
  notificationListQuerySchema,
  notificationTitle,
  NOTIFICATION_FALLBACK_TITLE,
  userEventName,
} from './notifications';

describe('notificationListQuerySchema', () => {
  it('reads skip as a row count, 0 when absent', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ skip: 0 });
    expect(notificationListQuerySchema.parse({ skip: '40' })).toEqual({ skip: 40 });
  });

  it('refuses negative, fractional, non-numeric and huge values', () => {
    for (const skip of ['-1', '1.5', 'abc', '100001', 'Infinity'])
      expect(notificationListQuerySchema.safeParse({ skip }).success).toBe(false);
  });
});

describe('markReadBodySchema', () => {
  it('takes uuids, or nothing for all', () => {
    expect(markReadBodySchema.parse({})).toEqual({});
    const id = '7f1d1c1e-8a43-4a8e-9d3a-4f6f2b1c0a11';
    expect(markReadBodySchema.parse({ ids: [id] })).toEqual({ ids: [id] });
  });

  it('refuses ids that are not uuids, an empty list and too many', () => {
    expect(markReadBodySchema.safeParse({ ids: ['1'] }).success).toBe(false);
    expect(markReadBodySchema.safeParse({ ids: [] }).success).toBe(false);
    expect(
      markReadBodySchema.safeParse({
        ids: Array.from({ length: 501 }, () => '7f1d1c1e-8a43-4a8e-9d3a-4f6f2b1c0a11'),
      }).success,
    ).toBe(false);
  });
});

describe('names', () => {
  it('spells the event as the spec does', () => {
    expect(userEventName('ada@example.org')).toBe('user:ada@example.org');
  });

  it('titles a toast by its type, falling back as the spec says', () => {
    expect(notificationTitle('booking_confirmed')).toBe('Booking confirmed');
    expect(notificationTitle('something_new')).toBe('something_new');
    expect(notificationTitle(undefined)).toBe(NOTIFICATION_FALLBACK_TITLE);
    expect(notificationTitle('')).toBe(NOTIFICATION_FALLBACK_TITLE);
  });
});
