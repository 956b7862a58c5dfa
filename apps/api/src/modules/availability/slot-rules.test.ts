import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  freeSlots,
  rulesReach,
  slotRefusal,
  type BusyTime,
  type SlotQuery,
  type SlotRules,
  type WeeklyHours,
} from './slots';

// The booking settings' part of the slot rules (DESIGN.md §4b "Session lifecycle"): minimum notice, buffer,
// sessions per day, at their edges, in two zones and across New York's daylight saving changes.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const TEN_TO_SIXTEEN = [10, 11, 12, 13, 14, 15, 16];
const WEEK: WeeklyHours = {
  monday: TEN_TO_SIXTEEN,
  tuesday: TEN_TO_SIXTEEN,
  wednesday: TEN_TO_SIXTEEN,
  thursday: TEN_TO_SIXTEEN,
  friday: TEN_TO_SIXTEEN,
};
const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

const rules = (change: Partial<SlotRules> = {}): SlotRules => ({
  noticeMs: 2 * HOUR_MS,
  bufferMs: 0,
  maxSessionsPerDay: 8,
  ...change,
});

/** Epoch ms of a wall clock in a zone, straight from Temporal. */
const wallClock = (zone: string, isoDateTime: string): number =>
  Temporal.PlainDateTime.from(isoDateTime).toZonedDateTime(zone).epochMilliseconds;

/** A one-hour session of the mentor (as mentor unless told) starting at a wall clock of the zone. */
const session = (zone: string, isoDateTime: string, asMentor = true, minutes = 60): BusyTime => {
  const start = wallClock(zone, isoDateTime);
  return { start, end: start + minutes * MINUTE_MS, asMentor };
};

/** The free hours ("HH:mm" wall clocks) of one date in the zone. */
function hoursOn(zone: string, date: string, change: Partial<SlotQuery>): string[] {
  const day = Temporal.PlainDate.from(date);
  const from = day.toZonedDateTime(zone).epochMilliseconds;
  const to = day.add({ days: 1 }).toZonedDateTime(zone).epochMilliseconds;
  return freeSlots({
    weekly: WEEK,
    overrides: [],
    timezone: zone,
    busy: [],
    now: from - 30 * DAY_MS,
    from,
    to,
    ...change,
  }).map((slot) =>
    Temporal.Instant.fromEpochMilliseconds(slot.start).toZonedDateTimeISO(zone).toPlainTime().toString({
      smallestUnit: 'minute',
    }),
  );
}

describe.each([KOLKATA, NEW_YORK])('in %s', (zone) => {
  describe('minimum notice', () => {
    const date = '2026-06-15'; // a Monday
    const two = wallClock(zone, `${date}T14:00`);
    const notice = rules({ noticeMs: 3 * HOUR_MS });
    const offered = (now: number) => hoursOn(zone, date, { now, rules: notice }).includes('14:00');

    it('offers an hour starting exactly the notice from now, or later, and not a second sooner', () => {
      expect(offered(two - 3 * HOUR_MS - SECOND_MS)).toBe(true);
      expect(offered(two - 3 * HOUR_MS)).toBe(true);
      expect(offered(two - 3 * HOUR_MS + SECOND_MS)).toBe(false);
    });

    it('refuses a booking of that hour the same way', () => {
      const query = { timezone: zone, busy: [], rules: notice };
      expect(slotRefusal({ ...query, now: two - 3 * HOUR_MS }, two)).toBeUndefined();
      expect(slotRefusal({ ...query, now: two - 3 * HOUR_MS + SECOND_MS }, two)).toBe('notice');
    });

    it('reaches 72 hours: nothing on the next two days, everything on the fourth', () => {
      const now = wallClock(zone, `${date}T16:00`);
      const far = rules({ noticeMs: 72 * HOUR_MS });
      expect(hoursOn(zone, '2026-06-17', { now, rules: far })).toEqual([]);
      expect(hoursOn(zone, '2026-06-18', { now, rules: far })).toEqual(['16:00']);
      expect(hoursOn(zone, '2026-06-19', { now, rules: far })).toHaveLength(7);
    });
  });

  describe('buffer', () => {
    const date = '2026-06-16'; // a Tuesday
    const eleven = wallClock(zone, `${date}T11:00`);
    const hasEleven = (busy: BusyTime[], bufferMinutes: number) =>
      hoursOn(zone, date, { busy, rules: rules({ bufferMs: bufferMinutes * MINUTE_MS }) }).includes('11:00');

    it('offers an hour whose gap to another session is exactly the buffer, before or after, and not a second less', () => {
      // A session ending at 10:45, and one starting at 12:15, with a 15-minute buffer.
      const before = (endMs: number): BusyTime => ({ start: endMs - HOUR_MS, end: endMs, asMentor: true });
      const after = (startMs: number): BusyTime => ({
        start: startMs,
        end: startMs + HOUR_MS,
        asMentor: true,
      });
      expect(hasEleven([before(eleven - 15 * MINUTE_MS)], 15)).toBe(true);
      expect(hasEleven([before(eleven - 15 * MINUTE_MS + SECOND_MS)], 15)).toBe(false);
      expect(hasEleven([after(eleven + HOUR_MS + 15 * MINUTE_MS)], 15)).toBe(true);
      expect(hasEleven([after(eleven + HOUR_MS + 15 * MINUTE_MS - SECOND_MS)], 15)).toBe(false);
    });

    it('without a buffer, sessions may touch; with one, the neighbouring hours go, whichever role the mentor had', () => {
      const noon = [session(zone, `${date}T12:00`)];
      expect(hoursOn(zone, date, { busy: noon })).toEqual([
        '10:00',
        '11:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
      ]);
      for (const bufferMinutes of [15, 30, 60])
        expect(
          hoursOn(zone, date, { busy: noon, rules: rules({ bufferMs: bufferMinutes * MINUTE_MS }) }),
        ).toEqual(['10:00', '14:00', '15:00', '16:00']);
      const asMentee = [session(zone, `${date}T12:00`, false)];
      expect(hoursOn(zone, date, { busy: asMentee, rules: rules({ bufferMs: 30 * MINUTE_MS }) })).toEqual([
        '10:00',
        '14:00',
        '15:00',
        '16:00',
      ]);
    });

    it('refuses a booking within the buffer the same way', () => {
      const query = { timezone: zone, now: eleven - DAY_MS, rules: rules({ bufferMs: 60 * MINUTE_MS }) };
      const busy = [session(zone, `${date}T12:00`)];
      expect(slotRefusal({ ...query, busy }, eleven)).toBe('buffer');
      expect(slotRefusal({ ...query, busy }, eleven - HOUR_MS)).toBeUndefined();
      expect(slotRefusal({ ...query, busy: [] }, eleven)).toBeUndefined();
    });
  });

  describe('sessions per day', () => {
    const date = '2026-06-17'; // a Wednesday
    const three = rules({ maxSessionsPerDay: 3 });

    it('leaves the day open at N-1 sessions and closes all of it at N, counting the day in the mentor zone', () => {
      const two = [session(zone, `${date}T10:00`), session(zone, `${date}T12:00`)];
      expect(hoursOn(zone, date, { busy: two, rules: three })).toEqual([
        '11:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
      ]);
      // The third booking takes 14:00: the day is full, the next is not.
      const full = [...two, session(zone, `${date}T14:00`)];
      expect(hoursOn(zone, date, { busy: full, rules: three })).toEqual([]);
      expect(hoursOn(zone, '2026-06-18', { busy: full, rules: three })).toHaveLength(7);
      // Sessions near midnight belong to the mentor's date, whatever the UTC date.
      const edges = [
        session(zone, `${date}T00:00`),
        session(zone, `${date}T23:00`),
        session(zone, `${date}T10:00`),
      ];
      expect(hoursOn(zone, date, { busy: edges, rules: three })).toEqual([]);
      expect(hoursOn(zone, '2026-06-16', { busy: edges, rules: three })).toHaveLength(7);
      expect(hoursOn(zone, '2026-06-18', { busy: edges, rules: three })).toHaveLength(7);
    });

    it('counts only the sessions the mentor gives, not those they take', () => {
      const mixed = [
        session(zone, `${date}T10:00`),
        session(zone, `${date}T12:00`),
        session(zone, `${date}T14:00`, false),
      ];
      expect(hoursOn(zone, date, { busy: mixed, rules: three })).toEqual([
        '11:00',
        '13:00',
        '15:00',
        '16:00',
      ]);
    });

    it('refuses the N+1th booking of a day and allows the Nth the same way', () => {
      const start = wallClock(zone, `${date}T16:00`);
      const query = { timezone: zone, now: start - 7 * DAY_MS, rules: three };
      const two = [session(zone, `${date}T10:00`), session(zone, `${date}T12:00`)];
      expect(slotRefusal({ ...query, busy: two }, start)).toBeUndefined();
      expect(slotRefusal({ ...query, busy: [...two, session(zone, `${date}T14:00`)] }, start)).toBe(
        'day_full',
      );
    });
  });
});

describe('across New York daylight saving changes', () => {
  // 2026-03-08 has 23 hours (02:00 EST → 03:00 EDT), 2026-11-01 has 25 (02:00 EDT → 01:00 EST); both Sundays,
  // so an override gives them hours.
  it.each([
    ['2026-03-08', '2026-03-07', '2026-03-09', 23],
    ['2026-11-01', '2026-10-31', '2026-11-02', 25],
  ])(
    'counts sessions of %s (its first and last half hour) on that day only',
    (date, before, after, hours) => {
      const day = Temporal.PlainDate.from(date);
      const start = day.toZonedDateTime(NEW_YORK).epochMilliseconds;
      const end = day.add({ days: 1 }).toZonedDateTime(NEW_YORK).epochMilliseconds;
      expect(end - start).toBe(hours * HOUR_MS);
      const overrides = [before, date, after].map((each) => ({ date: each, hours: TEN_TO_SIXTEEN }));
      const first = { start, end: start + 30 * MINUTE_MS, asMentor: true };
      const last = { start: end - 30 * MINUTE_MS, end, asMentor: true };
      const two = rules({ maxSessionsPerDay: 2 });
      const on = (each: string, busy: BusyTime[], change: SlotRules) =>
        hoursOn(NEW_YORK, each, { overrides, busy, rules: change });
      expect(on(date, [first, last], two)).toEqual([]);
      expect(on(before, [first, last], two)).toHaveLength(7);
      expect(on(after, [first, last], two)).toHaveLength(7);
      // One session short of the limit, the day stays open.
      expect(on(date, [first, last], rules({ maxSessionsPerDay: 3 }))).toHaveLength(7);
      // The rule for one booking agrees.
      const query = { timezone: NEW_YORK, now: start - 7 * DAY_MS, rules: two, busy: [first, last] };
      expect(slotRefusal(query, wallClock(NEW_YORK, `${date}T12:00`))).toBe('day_full');
      expect(slotRefusal(query, wallClock(NEW_YORK, `${after}T12:00`))).toBeUndefined();
    },
  );

  it('reads busy time over whole days of the zone and the buffer around the window', () => {
    const from = wallClock(NEW_YORK, '2026-03-08T12:00');
    const to = wallClock(NEW_YORK, '2026-11-01T13:00');
    expect(rulesReach(from, to, NEW_YORK, 60 * MINUTE_MS)).toEqual({
      start: wallClock(NEW_YORK, '2026-03-08T00:00'),
      end: wallClock(NEW_YORK, '2026-11-02T00:00'),
    });
    const lateFrom = wallClock(NEW_YORK, '2026-06-15T00:30');
    expect(rulesReach(lateFrom, lateFrom + HOUR_MS, NEW_YORK, 60 * MINUTE_MS).start).toBe(lateFrom - HOUR_MS);
  });

  it('finds the same day of a zone however often, and in whatever order, it is asked', () => {
    // The days are remembered per zone (slots.ts `zonedDayOf`): every quarter hour of a week around each of New
    // York's changes and of Kolkata's half-hour offset, asked forwards and then backwards, against Temporal.
    for (const [zone, first] of [
      [NEW_YORK, '2026-03-05T00:00'],
      [NEW_YORK, '2026-10-29T00:00'],
      [KOLKATA, '2026-03-05T00:00'],
    ] as const) {
      const start = wallClock(zone, first);
      const instants = Array.from({ length: 7 * 24 * 4 }, (_, index) => start + index * 15 * MINUTE_MS);
      for (const instant of [...instants, ...instants.reverse()]) {
        const day = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone).startOfDay();
        expect(rulesReach(instant, instant + 1, zone, 0)).toEqual({
          start: day.epochMilliseconds,
          end: day.add({ days: 1 }).epochMilliseconds,
        });
      }
    }
  });
});

describe('one rule for slots and bookings', () => {
  it('refuses exactly the scheduled hours that the free slots leave out', () => {
    for (const zone of [KOLKATA, NEW_YORK]) {
      const from = wallClock(zone, '2026-03-02T00:00');
      const to = wallClock(zone, '2026-03-16T00:00'); // two weeks across New York's change
      const busy: BusyTime[] = [
        session(zone, '2026-03-03T11:00'),
        session(zone, '2026-03-03T15:00', false),
        session(zone, '2026-03-05T10:00'),
        session(zone, '2026-03-05T13:00'),
        session(zone, '2026-03-09T12:00', true, 30),
        session(zone, '2026-03-10T16:00'),
      ];
      const now = wallClock(zone, '2026-03-03T09:30');
      for (const change of [
        rules(),
        rules({ noticeMs: 26 * HOUR_MS, bufferMs: 30 * MINUTE_MS }),
        rules({ bufferMs: 60 * MINUTE_MS, maxSessionsPerDay: 1 }),
        rules({ noticeMs: HOUR_MS, bufferMs: 15 * MINUTE_MS, maxSessionsPerDay: 2 }),
      ]) {
        const query = { weekly: WEEK, overrides: [], timezone: zone, busy, now, from, to, rules: change };
        const free = new Set(freeSlots(query).map((slot) => slot.start));
        const scheduled = freeSlots({
          ...query,
          busy: [],
          now: from - DAY_MS,
          rules: rules({ noticeMs: 0 }),
        });
        expect(scheduled).toHaveLength(70);
        for (const { start } of scheduled)
          expect(free.has(start), `${zone} ${new Date(start).toISOString()}`).toBe(
            slotRefusal(query, start) === undefined,
          );
      }
    }
  });
});
