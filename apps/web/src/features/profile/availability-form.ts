import {
  BOOKING_HORIZON_DAYS,
  DEFAULT_TIMEZONE,
  FIRST_HOUR,
  LAST_HOUR,
  WEEKDAYS,
  availabilityFormSchema,
  availabilityMessages,
  canonicalTimezone,
  collapseDay,
  expandDay,
  pricePerSessionSchema,
  type Availability,
  type AvailabilityBodyInput,
  type DayWindow,
  type Weekday,
} from '@skillroute/shared/availability';
import { currentLocale, intlLocale, t } from '@/lib/i18n';
import { z } from 'zod';

/**
 * The Availability dialog's values and the plain rules around them (spec §2, §3, §5, §9): the week as
 * from/to pairs, the rate, the zone and the date overrides, read from and turned back into the wire's shape.
 */
export type DayWindows = Record<Weekday, DayWindow>;

/** A date that differs from the week, as the dialog edits it: a day off, or other hours. */
export interface OverrideRow extends DayWindow {
  /** "YYYY-MM-DD"; empty until the mentor picks one. */
  date: string;
}

export interface AvailabilityValues {
  /** Undefined until a rate is typed (spec §3: null before the first save). */
  pricePerSession: number | undefined;
  timezone: string;
  days: DayWindows;
  overrides: OverrideRow[];
}

/** The dialog's own rules' messages, in the reader's language when read. */
export const overrideMessages = {
  get dateRequired() {
    return t('Choose a date');
  },
  get rateRequired() {
    return t('Enter an hourly rate');
  },
};

const DAY_MS = 86_400_000;

/** Today's date ("YYYY-MM-DD") on the wall calendar of `zone`: the server checks override dates the same way. */
export function todayIn(zone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: canonicalTimezone(zone) ?? DEFAULT_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `date` moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last dates an override may have: today, and {@link BOOKING_HORIZON_DAYS} days on. */
export function overrideDateRange(zone: string, now: Date = new Date()): { min: string; max: string } {
  const min = todayIn(zone, now);
  return { min, max: addDays(min, BOOKING_HORIZON_DAYS) };
}

// Browsers before 2022 lack the list; they are offered the default zone (and UTC, and the saved one).
const supportedTimezones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIMEZONE];

/** The zones the picker offers: this browser's IANA names under the names the api keeps, sorted. */
export function timezoneNames(supported: readonly string[] = supportedTimezones()): string[] {
  const names = new Set<string>(['UTC']);
  for (const name of supported) {
    const zone = canonicalTimezone(name);
    if (zone) names.add(zone);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/**
 * The zones whose name holds `query` (any case; a space matches the underscore of "New_York"), or whose
 * `label` (the name people know, "Eastern Time (New York)") does.
 */
export function filterTimezones(
  zones: readonly string[],
  query: string,
  label?: (zone: string) => string,
): string[] {
  const needle = query.trim().toLowerCase().replace(/\s+/g, '_');
  if (needle === '') return [...zones];
  const words = query.trim().toLowerCase();
  return zones.filter(
    (zone) =>
      zone.toLowerCase().includes(needle) ||
      (label !== undefined && label(zone).toLowerCase().includes(words)),
  );
}

/** The zone this browser runs in, as the api names it, if it knows one. */
export const browserTimezone = (): string | undefined =>
  canonicalTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The dialog's first values. Before the first save (no rate yet) the zone is the browser's, else
 * Asia/Kolkata; afterwards the saved one. Overrides for days that have passed are dropped: they no longer
 * change anything, and the api would refuse them back.
 */
export function valuesFromAvailability(
  availability: Availability,
  browserZone: string | undefined,
  now: Date = new Date(),
): AvailabilityValues {
  const saved = availability.pricePerSession !== null;
  const timezone =
    (saved ? canonicalTimezone(availability.timezone) : undefined) ?? browserZone ?? DEFAULT_TIMEZONE;
  const today = todayIn(timezone, now);
  return {
    pricePerSession: availability.pricePerSession ?? undefined,
    timezone,
    days: Object.fromEntries(
      WEEKDAYS.map((day) => [day, collapseDay(availability.weeklySchedule[day])]),
    ) as DayWindows,
    overrides: availability.overrides
      .filter((override) => override.date >= today)
      .map((override) => ({ date: override.date, ...collapseDay(override) })),
  };
}

/**
 * "To apply this slot to all days Click here" (spec §2): every day on, with the hours of the first day
 * that is on, or the default window (spec §9) when none is.
 */
export function applyToAllDays(days: DayWindows): DayWindows {
  const first = WEEKDAYS.map((day) => days[day]).find((window) => window.isAvailable);
  const from = first?.from ?? FIRST_HOUR;
  const to = first?.to ?? LAST_HOUR;
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { isAvailable: true, from, to }])) as DayWindows;
}

/** A fresh override row: a day off on no date yet. */
export const newOverride = (): OverrideRow => ({
  date: '',
  isAvailable: false,
  from: FIRST_HOUR,
  to: LAST_HOUR,
});

/** The overrides' rules, for dates between `min` and `max`: a date each, once, and From before To. */
export function overrideRowsSchema({ min, max }: { min: string; max: string }) {
  const row = z
    .object({ date: z.string(), isAvailable: z.boolean(), from: z.number().int(), to: z.number().int() })
    .superRefine((override, context) => {
      if (override.date === '')
        context.addIssue({ code: 'custom', message: overrideMessages.dateRequired, path: ['date'] });
      else if (!/^\d{4}-\d{2}-\d{2}$/.test(override.date))
        context.addIssue({ code: 'custom', message: availabilityMessages.dateFormat, path: ['date'] });
      else if (override.date < min)
        context.addIssue({ code: 'custom', message: availabilityMessages.overridePast, path: ['date'] });
      else if (override.date > max)
        context.addIssue({ code: 'custom', message: availabilityMessages.overrideTooFar, path: ['date'] });
      if (override.isAvailable && override.from >= override.to) {
        context.addIssue({ code: 'custom', message: availabilityMessages.fromBeforeTo, path: ['from'] });
        context.addIssue({ code: 'custom', message: availabilityMessages.toAfterFrom, path: ['to'] });
      }
    });
  return z.array(row).superRefine((rows, context) => {
    const seen = new Set<string>();
    rows.forEach((override, index) => {
      if (override.date !== '' && seen.has(override.date))
        context.addIssue({
          code: 'custom',
          message: availabilityMessages.overrideTwice,
          path: [index, 'date'],
        });
      seen.add(override.date);
    });
  });
}

/**
 * The dialog's whole rule: the shared form schema (rate, zone, From/To), with a rate that must be typed and
 * the overrides for the dates the zone's today allows.
 */
export function availabilityDialogSchema(range: { min: string; max: string }) {
  return availabilityFormSchema.extend({
    pricePerSession: z.number({ error: overrideMessages.rateRequired }).pipe(pricePerSessionSchema),
    overrides: overrideRowsSchema(range),
  });
}
export type AvailabilityDialogOutput = z.output<ReturnType<typeof availabilityDialogSchema>>;

/** What `PUT /api/mentors/availability` takes: each from/to pair expanded back into one-hour slots (spec §3). */
export function availabilityBody(mentorId: string, values: AvailabilityDialogOutput): AvailabilityBodyInput {
  return {
    mentorId,
    weeklySchedule: Object.fromEntries(
      WEEKDAYS.map((day) => [day, expandDay(values.days[day])]),
    ) as AvailabilityBodyInput['weeklySchedule'],
    pricePerSession: values.pricePerSession,
    timezone: values.timezone,
    overrides: values.overrides.map((override) => ({ date: override.date, ...expandDay(override) })),
  };
}

/**
 * "2026-12-01" → "Tue, 1 Dec 2026" (in Hindi "मंगल, 1 दिस॰ 2026"), read as a calendar date (no zone shift);
 * anything else as it is.
 */
export function overrideDateLabel(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(time)) return date;
  return new Intl.DateTimeFormat(currentLocale() === 'en' ? 'en-GB' : intlLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(time);
}
