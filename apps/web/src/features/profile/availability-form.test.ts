import { emptyWeeklySchedule, type Availability } from '@skillroute/shared/availability';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  applyToAllDays,
  availabilityBody,
  availabilityDialogSchema,
  filterTimezones,
  overrideDateLabel,
  overrideDateRange,
  overrideRowsSchema,
  timezoneNames,
  todayIn,
  valuesFromAvailability,
  type DayWindows,
} from './availability-form';

const off = { isAvailable: false, from: 10, to: 17 };
const week = (days: Partial<DayWindows> = {}): DayWindows => ({
  monday: off,
  tuesday: off,
  wednesday: off,
  thursday: off,
  friday: off,
  ...days,
});
const slot = (startTime: string, endTime: string) => ({ startTime, endTime });
// 20:00 UTC on 1 Dec 2026 is already 2 Dec in Kolkata.
const now = new Date('2026-12-01T20:00:00Z');

describe('today and the override dates', () => {
  it('reads today on the zone’s calendar and reaches 180 days on, as bookings do', () => {
    expect(todayIn('UTC', now)).toBe('2026-12-01');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(overrideDateRange('Asia/Kolkata', now)).toEqual({ min: '2026-12-02', max: '2027-05-31' });
  });

  it('names a date for people', () => {
    expect(overrideDateLabel('2026-12-01')).toBe('Tue, 1 Dec 2026');
    expect(overrideDateLabel('')).toBe('');
  });
});

describe('the zones offered', () => {
  it('uses the names the api keeps, once each, with UTC', () => {
    expect(timezoneNames(['Asia/Calcutta', 'Asia/Kolkata', 'Europe/Paris', '+05:30'])).toEqual([
      'Asia/Kolkata',
      'Europe/Paris',
      'UTC',
    ]);
    expect(timezoneNames()).toContain('America/New_York');
  });

  it('filters by any part of the name, a space matching the underscore', () => {
    const zones = ['America/New_York', 'Asia/Kolkata', 'Europe/London'];
    expect(filterTimezones(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterTimezones(zones, 'KOL')).toEqual(['Asia/Kolkata']);
    expect(filterTimezones(zones, '  ')).toEqual(zones);
  });
});

describe('the dialog’s first values', () => {
  const never: Availability = {
    mentorId: 'u1',
    weeklySchedule: emptyWeeklySchedule(),
    pricePerSession: null,
    timezone: 'Asia/Kolkata',
    overrides: [],
  };

  it('before any save: every day off from 10 to 17, no rate, the browser’s zone or else Asia/Kolkata', () => {
    expect(valuesFromAvailability(never, 'Europe/Paris', now)).toEqual({
      pricePerSession: undefined,
      timezone: 'Europe/Paris',
      days: week(),
      overrides: [],
    });
    expect(valuesFromAvailability(never, undefined, now).timezone).toBe('Asia/Kolkata');
  });

  it('after a save: the saved zone, days collapsed to from/to, past overrides dropped', () => {
    const saved: Availability = {
      ...never,
      pricePerSession: 1500,
      timezone: 'Asia/Calcutta',
      weeklySchedule: {
        ...emptyWeeklySchedule(),
        tuesday: {
          isAvailable: true,
          timeSlots: [slot('11:00 AM', '12:00 PM'), slot('12:00 PM', '1:00 PM'), slot('1:00 PM', '2:00 PM')],
        },
      },
      overrides: [
        { date: '2026-12-01', isAvailable: false, timeSlots: [] },
        { date: '2026-12-05', isAvailable: true, timeSlots: [slot('3:00 PM', '4:00 PM')] },
      ],
    };
    expect(valuesFromAvailability(saved, 'Europe/Paris', now)).toEqual({
      pricePerSession: 1500,
      timezone: 'Asia/Kolkata',
      days: week({ tuesday: { isAvailable: true, from: 11, to: 14 } }),
      overrides: [{ date: '2026-12-05', isAvailable: true, from: 15, to: 16 }],
    });
  });
});

describe('"Click here"', () => {
  it('turns every day on with the first available day’s hours', () => {
    const days = applyToAllDays(
      week({
        wednesday: { isAvailable: true, from: 12, to: 15 },
        friday: { isAvailable: true, from: 10, to: 11 },
      }),
    );
    expect(Object.values(days)).toEqual(Array(5).fill({ isAvailable: true, from: 12, to: 15 }));
  });

  it('uses 10 to 17 when no day is on', () => {
    expect(Object.values(applyToAllDays(week()))).toEqual(
      Array(5).fill({ isAvailable: true, from: 10, to: 17 }),
    );
  });
});

describe('the overrides’ rules', () => {
  const range = { min: '2026-12-02', max: '2027-05-31' };
  const messages = (rows: unknown) =>
    overrideRowsSchema(range)
      .safeParse(rows)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('want a date in range, once, and From before To', () => {
    expect(messages([{ date: '2026-12-02', isAvailable: false, from: 10, to: 17 }])).toBeUndefined();
    expect(messages([{ date: '', isAvailable: false, from: 10, to: 17 }])).toEqual([
      ['0.date', 'Choose a date'],
    ]);
    expect(messages([{ date: '2026-12-01', isAvailable: false, from: 10, to: 17 }])).toEqual([
      ['0.date', 'An override cannot be for a day that has passed'],
    ]);
    expect(messages([{ date: '2027-06-01', isAvailable: false, from: 10, to: 17 }])).toEqual([
      ['0.date', 'Overrides reach at most 180 days ahead'],
    ]);
    expect(
      messages([
        { date: '2026-12-03', isAvailable: true, from: 14, to: 14 },
        { date: '2026-12-03', isAvailable: false, from: 14, to: 14 },
      ]),
    ).toEqual([
      ['0.from', 'From must be before To'],
      ['0.to', 'To must be after From'],
      ['1.date', 'Each date can have one override'],
    ]);
  });
});

describe('the body of the save', () => {
  it('expands each from/to pair into one-hour slots, with the zone and the overrides', () => {
    const values = availabilityDialogSchema({ min: '2026-12-02', max: '2027-05-31' }).parse({
      pricePerSession: 1500,
      timezone: 'Asia/Calcutta',
      days: week({ monday: { isAvailable: true, from: 15, to: 17 } }),
      overrides: [{ date: '2026-12-04', isAvailable: true, from: 10, to: 11 }],
    });
    expect(availabilityBody('u1', values)).toEqual({
      mentorId: 'u1',
      weeklySchedule: {
        monday: { isAvailable: true, timeSlots: [slot('3:00 PM', '4:00 PM'), slot('4:00 PM', '5:00 PM')] },
        tuesday: { isAvailable: false, timeSlots: [] },
        wednesday: { isAvailable: false, timeSlots: [] },
        thursday: { isAvailable: false, timeSlots: [] },
        friday: { isAvailable: false, timeSlots: [] },
      },
      pricePerSession: 1500,
      timezone: 'Asia/Kolkata',
      overrides: [{ date: '2026-12-04', isAvailable: true, timeSlots: [slot('10:00 AM', '11:00 AM')] }],
    });
  });

  it('asks for a rate when none is typed', () => {
    const result = availabilityDialogSchema({ min: '2026-12-02', max: '2027-05-31' }).safeParse({
      pricePerSession: undefined,
      timezone: 'UTC',
      days: week(),
      overrides: [],
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Enter an hourly rate']);
  });
});
