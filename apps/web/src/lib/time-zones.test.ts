import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  browserTimeZone,
  formatSlotDateTime,
  formatSlotTime,
  groupSlotsByLocalDate,
  listTimeZones,
  localDateKey,
  monthWeeks,
  searchTimeZones,
  zoneLabel,
} from './time-zones';

const slot = (startTime: string) => ({
  startTime,
  endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
});

describe('slots in a zone', () => {
  it("shows an Asia/Kolkata mentor's 10:00 AM slot (2026-12-01T04:30Z) as 11:30 PM on Nov 30 in America/New_York", () => {
    const start = '2026-12-01T04:30:00.000Z';
    expect(formatSlotTime(start, 'Asia/Kolkata')).toBe('10:00 AM');
    expect(formatSlotTime(start, 'America/New_York')).toBe('11:30 PM');
    expect(localDateKey(start, 'America/New_York')).toBe('2026-11-30');
    expect(localDateKey(start, 'Asia/Kolkata')).toBe('2026-12-01');
    expect(formatSlotDateTime(start, 'America/New_York')).toBe('Mon, Nov 30, 11:30 PM');
  });

  it('groups slots by the date they fall on in the zone, in time order', () => {
    const slots = [
      slot('2026-12-01T05:30:00.000Z'),
      slot('2026-12-01T04:30:00.000Z'),
      slot('2026-12-02T04:30:00.000Z'),
    ];
    const inNewYork = groupSlotsByLocalDate(slots, 'America/New_York');
    expect([...inNewYork.keys()]).toEqual(['2026-11-30', '2026-12-01']);
    expect(
      inNewYork.get('2026-11-30')?.map((item) => formatSlotTime(item.startTime, 'America/New_York')),
    ).toEqual(['11:30 PM']);
    expect(
      inNewYork.get('2026-12-01')?.map((item) => formatSlotTime(item.startTime, 'America/New_York')),
    ).toEqual(['12:30 AM', '11:30 PM']);
    const inKolkata = groupSlotsByLocalDate(slots, 'Asia/Kolkata');
    expect([...inKolkata.keys()]).toEqual(['2026-12-01', '2026-12-02']);
    expect(
      inKolkata.get('2026-12-01')?.map((item) => formatSlotTime(item.startTime, 'Asia/Kolkata')),
    ).toEqual(['10:00 AM', '11:00 AM']);
  });

  it('follows daylight saving: the same UTC hour reads an hour apart across the change', () => {
    expect(formatSlotTime('2026-10-20T14:00:00Z', 'Europe/London')).toBe('3:00 PM');
    expect(formatSlotTime('2026-11-02T14:00:00Z', 'Europe/London')).toBe('2:00 PM');
  });
});

describe('zones', () => {
  it('lists the runtime zones with UTC and the browser zone, and finds them by words', () => {
    const zones = listTimeZones('Asia/Calcutta');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Calcutta');
    expect(searchTimeZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(searchTimeZones(zones, 'asia kolk')).toEqual(['Asia/Kolkata']);
    expect(searchTimeZones(['A/B'], '')).toEqual(['A/B']);
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('America / Argentina / Buenos Aires');
  });
});

describe('calendar arithmetic', () => {
  it('moves by days and months across year ends, and lays a month out in Sunday-first weeks', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    const weeks = monthWeeks('2026-11');
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(monthWeeks('2026-12')[0]?.slice(0, 3)).toEqual([null, null, '2026-12-01']);
  });
});

describe('the browser’s zone', () => {
  afterEach(() => vi.restoreAllMocks());
  const reporting = (timeZone: string) => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone };
    });
  };

  it('reads the old Asia/Calcutta, which Chromium reports in India, as Asia/Kolkata', () => {
    reporting('Asia/Calcutta');
    expect(browserTimeZone()).toBe('Asia/Kolkata');
    expect(listTimeZones(browserTimeZone())).not.toContain('Asia/Calcutta');
  });

  it('keeps any other zone as the browser names it', () => {
    reporting('America/New_York');
    expect(browserTimeZone()).toBe('America/New_York');
  });
});
