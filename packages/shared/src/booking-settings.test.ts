import { describe, expect, it } from 'vitest';
import { bookingSettingsMessages, bookingSettingsSchema, DEFAULT_BOOKING_SETTINGS } from './booking-settings';

const messagesOf = (value: unknown) =>
  bookingSettingsSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('bookingSettingsSchema', () => {
  it('takes the defaults and every edge of each limit', () => {
    expect(bookingSettingsSchema.parse(DEFAULT_BOOKING_SETTINGS)).toEqual({
      minimumNoticeHours: 2,
      bufferMinutes: 0,
      maxSessionsPerDay: 8,
    });
    for (const minimumNoticeHours of [1, 72])
      for (const bufferMinutes of [0, 15, 30, 60])
        for (const maxSessionsPerDay of [1, 8])
          expect(messagesOf({ minimumNoticeHours, bufferMinutes, maxSessionsPerDay })).toEqual([]);
  });

  it('names the rule of each field beyond it', () => {
    const bad = (change: object) => messagesOf({ ...DEFAULT_BOOKING_SETTINGS, ...change });
    for (const minimumNoticeHours of [0, 73, 1.5, '2', null])
      expect(bad({ minimumNoticeHours })).toEqual([bookingSettingsMessages.minimumNotice]);
    for (const bufferMinutes of [5, 45, 90, -15, '15'])
      expect(bad({ bufferMinutes })).toEqual([bookingSettingsMessages.buffer]);
    for (const maxSessionsPerDay of [0, 9, 2.5, undefined])
      expect(bad({ maxSessionsPerDay })).toEqual([bookingSettingsMessages.maxSessionsPerDay]);
    expect(bad({ other: 1 })).toHaveLength(1);
  });

  it('words the refusals with the mentor’s own numbers', () => {
    expect(bookingSettingsMessages.tooSoon(1)).toContain('at least 1 hour ahead');
    expect(bookingSettingsMessages.tooSoon(24)).toContain('at least 24 hours ahead');
    expect(bookingSettingsMessages.withinBuffer(30)).toContain('30 minutes free');
    expect(bookingSettingsMessages.dayFull(1)).toContain('at most 1 session a day');
    expect(bookingSettingsMessages.dayFull(3)).toContain('at most 3 sessions a day');
  });
});
