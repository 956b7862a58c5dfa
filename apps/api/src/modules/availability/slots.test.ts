import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { freeSlots, slotWindowProblem, type SlotQuery, type WeeklyHours } from './slots';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const TEN_TO_SIXTEEN = [10, 11, 12, 13, 14, 15, 16];
const WEEKDAYS_TEN_TO_SIXTEEN: WeeklyHours = {
  monday: TEN_TO_SIXTEEN,
  tuesday: TEN_TO_SIXTEEN,
  wednesday: TEN_TO_SIXTEEN,
  thursday: TEN_TO_SIXTEEN,
  friday: TEN_TO_SIXTEEN,
};

const at = (iso: string) => Date.parse(iso);
const utc = (epochMs: number) => new Date(epochMs).toISOString();

/** Epoch ms of a wall clock in a zone, straight from Temporal (the test's own expectations). */
function wallClock(timeZone: string, isoDateTime: string): number {
  return Temporal.PlainDateTime.from(isoDateTime).toZonedDateTime(timeZone).epochMilliseconds;
}

/** `YYYY-MM-DD HH:mm` of an instant in a zone, as Intl shows it. */
function shownIn(timeZone: string, epochMs: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Every day of the window, with a `now` long before it so the notice keeps nothing out. */
function query(overrides: Partial<SlotQuery> & Pick<SlotQuery, 'timezone' | 'from' | 'to'>): SlotQuery {
  return {
    weekly: WEEKDAYS_TEN_TO_SIXTEEN,
    overrides: [],
    busy: [],
    now: overrides.from - 30 * DAY_MS,
    ...overrides,
  };
}

/** The slots of one date in the zone, as zone wall clocks. */
function dayInZone(timeZone: string, date: string, base: Partial<SlotQuery> = {}): string[] {
  const day = Temporal.PlainDate.from(date);
  const from = day.toZonedDateTime(timeZone).epochMilliseconds;
  const to = day.add({ days: 1 }).toZonedDateTime(timeZone).epochMilliseconds;
  return freeSlots(query({ timezone: timeZone, from, to, ...base })).map((slot) =>
    shownIn(timeZone, slot.start),
  );
}

describe('freeSlots', () => {
  it('gives a weekday of hours 10..16 seven one-hour slots from 10:00 to 17:00, and a missing or empty weekday none', () => {
    const weekly: WeeklyHours = { monday: TEN_TO_SIXTEEN, wednesday: [] };
    const from = wallClock('Europe/Berlin', '2026-06-15T00:00'); // a Monday
    const to = wallClock('Europe/Berlin', '2026-06-18T00:00');
    const slots = freeSlots(query({ weekly, timezone: 'Europe/Berlin', from, to }));

    expect(slots).toHaveLength(7);
    expect(slots.map((slot) => shownIn('Europe/Berlin', slot.start))).toEqual(
      TEN_TO_SIXTEEN.map((hour) => `2026-06-15 ${hour}:00`),
    );
    expect(shownIn('Europe/Berlin', slots.at(-1)!.end)).toBe('2026-06-15 17:00');
    for (const slot of slots) expect(slot.end - slot.start).toBe(HOUR_MS);
  });

  describe('Asia/Kolkata hours seen from America/New_York around its DST changes', () => {
    const kolkataTen = (date: string) => {
      const slots = freeSlots(
        query({
          timezone: 'Asia/Kolkata',
          from: wallClock('Asia/Kolkata', `${date}T00:00`),
          to: wallClock('Asia/Kolkata', `${date}T23:59`),
        }),
      );
      return slots[0]!.start;
    };

    it('is 23:30 the evening before in New York on standard time, before 2026-03-08', () => {
      const start = kolkataTen('2026-03-06'); // Friday
      expect(utc(start)).toBe('2026-03-06T04:30:00.000Z');
      expect(shownIn('America/New_York', start)).toBe('2026-03-05 23:30');
    });

    it('is 00:30 the same day in New York on daylight time, after 2026-03-08', () => {
      const start = kolkataTen('2026-03-09'); // Monday
      expect(utc(start)).toBe('2026-03-09T04:30:00.000Z');
      expect(shownIn('America/New_York', start)).toBe('2026-03-09 00:30');
    });

    it('is 00:30 before 2026-11-01 and 23:30 the evening before after it', () => {
      const before = kolkataTen('2026-10-30'); // Friday
      const after = kolkataTen('2026-11-02'); // Monday
      expect(utc(before)).toBe('2026-10-30T04:30:00.000Z');
      expect(shownIn('America/New_York', before)).toBe('2026-10-30 00:30');
      expect(utc(after)).toBe('2026-11-02T04:30:00.000Z');
      expect(shownIn('America/New_York', after)).toBe('2026-11-01 23:30');
    });
  });

  describe('Europe/London on its DST days', () => {
    it('gives no slot for 01:00 on 2026-03-29, which does not exist', () => {
      const from = wallClock('Europe/London', '2026-03-29T00:00');
      const to = wallClock('Europe/London', '2026-03-30T00:00');
      const slots = freeSlots(
        query({
          timezone: 'Europe/London',
          from,
          to,
          overrides: [{ date: '2026-03-29', hours: [0, 1, 2, 10] }],
        }),
      );

      expect(slots.map((slot) => utc(slot.start))).toEqual([
        '2026-03-29T00:00:00.000Z',
        '2026-03-29T01:00:00.000Z',
        '2026-03-29T09:00:00.000Z',
      ]);
      expect(slots.map((slot) => shownIn('Europe/London', slot.start))).toEqual([
        '2026-03-29 00:00',
        '2026-03-29 02:00',
        '2026-03-29 10:00',
      ]);
      // 00:00 GMT ends an hour later in real time: at 02:00 BST, when the 02:00 slot starts.
      expect(slots[0]!.end).toBe(slots[1]!.start);
    });

    it('gives one slot, the earlier, for 01:00 on 2026-10-25, which occurs twice', () => {
      const from = wallClock('Europe/London', '2026-10-25T00:00');
      const to = wallClock('Europe/London', '2026-10-26T00:00');
      const slots = freeSlots(
        query({ timezone: 'Europe/London', from, to, overrides: [{ date: '2026-10-25', hours: [0, 1, 2] }] }),
      );

      expect(slots.map((slot) => utc(slot.start))).toEqual([
        '2026-10-24T23:00:00.000Z',
        '2026-10-25T00:00:00.000Z',
        '2026-10-25T02:00:00.000Z',
      ]);
      expect(slots.map((slot) => shownIn('Europe/London', slot.start))).toEqual([
        '2026-10-25 00:00',
        '2026-10-25 01:00',
        '2026-10-25 02:00',
      ]);
      expect(slots[1]!.end - slots[1]!.start).toBe(HOUR_MS);
    });
  });

  describe('overrides', () => {
    it('blocks a whole day with hours [] and leaves the same weekday of the next week alone', () => {
      const overrides = [{ date: '2026-06-15', hours: [] }];
      expect(dayInZone('Europe/Paris', '2026-06-15', { overrides })).toEqual([]);
      expect(dayInZone('Europe/Paris', '2026-06-22', { overrides })).toHaveLength(7);
    });

    it('replaces a weekday with other hours and opens a Saturday', () => {
      const overrides = [
        { date: '2026-06-16', hours: [9, 17, 9] },
        { date: '2026-06-20', hours: [14, 11] },
      ];
      expect(dayInZone('Europe/Paris', '2026-06-16', { overrides })).toEqual([
        '2026-06-16 09:00',
        '2026-06-16 17:00',
      ]);
      expect(dayInZone('Europe/Paris', '2026-06-20', { overrides })).toEqual([
        '2026-06-20 11:00',
        '2026-06-20 14:00',
      ]);
      expect(dayInZone('Europe/Paris', '2026-06-21', { overrides })).toEqual([]);
    });
  });

  describe('busy intervals', () => {
    const zone = 'Europe/Paris';
    const monday = (time: string) => wallClock(zone, `2026-06-15T${time}`);

    it('removes exactly the slot a busy interval covers', () => {
      const busy = [{ start: monday('11:00'), end: monday('12:00') }];
      expect(dayInZone(zone, '2026-06-15', { busy }).map((shown) => shown.slice(11))).toEqual([
        '10:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
      ]);
    });

    it('removes both slots an interval straddles, with busy intervals unsorted and overlapping', () => {
      const busy = [
        { start: monday('13:30'), end: monday('14:30') },
        { start: monday('16:15'), end: monday('16:45') },
        { start: monday('13:45'), end: monday('14:15') },
      ];
      expect(dayInZone(zone, '2026-06-15', { busy }).map((shown) => shown.slice(11))).toEqual([
        '10:00',
        '11:00',
        '12:00',
        '15:00',
      ]);
    });
  });

  it('keeps a slot starting exactly two hours from now and drops one starting a minute sooner', () => {
    const zone = 'Europe/Paris';
    const from = wallClock(zone, '2026-06-15T00:00');
    const to = wallClock(zone, '2026-06-16T00:00');
    const elevenOClock = wallClock(zone, '2026-06-15T11:00');
    const startsAt = (now: number) =>
      freeSlots(query({ timezone: zone, from, to, now })).map((slot) => shownIn(zone, slot.start).slice(11));

    expect(startsAt(elevenOClock - 2 * HOUR_MS)[0]).toBe('11:00');
    expect(startsAt(elevenOClock - 2 * HOUR_MS + 60_000)[0]).toBe('12:00');
    expect(
      freeSlots(
        query({
          timezone: zone,
          from,
          to,
          now: elevenOClock - 30 * 60_000,
          rules: { noticeMs: 30 * 60_000, bufferMs: 0, maxSessionsPerDay: 8 },
        }),
      )[0]!.start,
    ).toBe(elevenOClock);
  });

  it('keeps only slots wholly inside [from, to)', () => {
    const zone = 'Europe/Paris';
    const slots = freeSlots(
      query({
        timezone: zone,
        from: wallClock(zone, '2026-06-15T10:30'),
        to: wallClock(zone, '2026-06-15T13:00'),
      }),
    );
    expect(slots.map((slot) => shownIn(zone, slot.start).slice(11))).toEqual(['11:00', '12:00']);
  });

  describe('a 60-day window of weekdays 10..16', () => {
    it('has 44 weekdays of 7 slots in Asia/Kolkata, sorted and distinct', () => {
      const from = wallClock('Asia/Kolkata', '2026-03-02T00:00'); // a Monday
      const slots = freeSlots(query({ timezone: 'Asia/Kolkata', from, to: from + 60 * DAY_MS }));

      expect(slots).toHaveLength(44 * 7);
      for (let index = 1; index < slots.length; index += 1)
        expect(slots[index]!.start).toBeGreaterThan(slots[index - 1]!.start);
    });

    it('keeps the wall-clock hours across the America/New_York change of 2026-03-08', () => {
      const from = wallClock('America/New_York', '2026-03-02T00:00');
      const slots = freeSlots(query({ timezone: 'America/New_York', from, to: from + 60 * DAY_MS }));

      expect(slots).toHaveLength(44 * 7);
      const hours = new Set(slots.map((slot) => shownIn('America/New_York', slot.start).slice(11)));
      expect([...hours]).toEqual(TEN_TO_SIXTEEN.map((hour) => `${hour}:00`));
    });
  });

  it('throws on an hour that is not a whole hour of the day', () => {
    const from = wallClock('Europe/Paris', '2026-06-15T00:00');
    const to = from + DAY_MS;
    expect(() =>
      freeSlots(query({ timezone: 'Europe/Paris', from, to, weekly: { monday: [10.5] } })),
    ).toThrow(RangeError);
    expect(() => freeSlots(query({ timezone: 'Europe/Paris', from, to, weekly: { monday: [24] } }))).toThrow(
      RangeError,
    );
  });

  // The derived hours (first hour converted, the rest added while the offset holds) must agree with converting each hour.
  it.each([
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'America/Santiago',
    'Pacific/Chatham',
  ])('matches a conversion of every hour through 2026 in %s, hours 0..23 every day', (timeZone) => {
    const everyHour = Array.from({ length: 24 }, (_, hour) => hour);
    const weekly: WeeklyHours = {
      monday: everyHour,
      tuesday: everyHour,
      wednesday: everyHour,
      thursday: everyHour,
      friday: everyHour,
    };
    const weekendDates = [];
    const expected: number[] = [];
    for (let date = Temporal.PlainDate.from('2026-01-01'); date.year === 2026; date = date.add({ days: 1 })) {
      if (date.dayOfWeek >= 6) weekendDates.push(date.toString());
      for (const hour of everyHour) {
        const wall = date.toPlainDateTime({ hour });
        const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
        if (zoned.toPlainDateTime().equals(wall)) expected.push(zoned.epochMilliseconds);
      }
    }
    const from = Temporal.PlainDate.from('2026-01-01').toZonedDateTime(timeZone).epochMilliseconds;
    const to = Temporal.PlainDate.from('2027-01-01').toZonedDateTime(timeZone).epochMilliseconds;
    const overrides = weekendDates.map((date) => ({ date, hours: everyHour }));
    const slots = freeSlots(query({ weekly, overrides, timezone: timeZone, from, to }));

    expect(slots.map((slot) => slot.start)).toEqual(expected);
  });
});

describe('slotWindowProblem', () => {
  const now = at('2026-06-01T12:00:00Z');

  it('accepts a window of exactly 60 days ending within the horizon', () => {
    expect(slotWindowProblem(now, now + 60 * DAY_MS, now)).toBeUndefined();
  });

  it('refuses 61 days as too long', () => {
    expect(slotWindowProblem(now, now + 61 * DAY_MS, now)).toBe('too_long');
  });

  it('refuses an empty or reversed window', () => {
    expect(slotWindowProblem(now, now, now)).toBe('reversed');
    expect(slotWindowProblem(now + HOUR_MS, now, now)).toBe('reversed');
  });

  it('refuses a window ending more than 180 days from now, and accepts one ending exactly then', () => {
    const horizon = now + 180 * DAY_MS;
    expect(slotWindowProblem(horizon - DAY_MS, horizon, now)).toBeUndefined();
    expect(slotWindowProblem(horizon - DAY_MS, horizon + 1, now)).toBe('beyond_horizon');
  });
});
