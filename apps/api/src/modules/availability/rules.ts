import { Temporal } from 'temporal-polyfill';
import {
  availabilityMessages,
  BOOKING_HORIZON_DAYS,
  dayFromStartHours,
  dayStartHours,
  WEEKDAYS,
  type AvailabilityBody,
  type DateOverride,
  type WeeklySchedule,
} from '@skillroute/shared/availability';
import type { ErrorItem } from '@skillroute/shared/errors';
import type { StoredDateOverride, StoredWeeklyHours } from '../../db/schema';

/** The calendar date it is at `now` in `timezone`. */
export const todayIn = (now: Date, timezone: string): Temporal.PlainDate =>
  Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone).toPlainDate();

/** The wire's week as start hours per weekday; an unavailable day is left out. */
export function toStoredWeek(week: WeeklySchedule): StoredWeeklyHours {
  const stored: StoredWeeklyHours = {};
  for (const day of WEEKDAYS) {
    const hours = dayStartHours(week[day]);
    if (hours.length > 0) stored[day] = hours;
  }
  return stored;
}

export function toWireWeek(stored: StoredWeeklyHours | undefined): WeeklySchedule {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, dayFromStartHours(stored?.[day])]),
  ) as unknown as WeeklySchedule;
}

/** The wire's overrides as dates with start hours (none for a day off), by date. */
export const toStoredOverrides = (overrides: readonly DateOverride[]): StoredDateOverride[] =>
  overrides
    .map((override) => ({ date: override.date, hours: dayStartHours(override) }))
    .sort((a, b) => a.date.localeCompare(b.date));

/** Stored overrides from `today` on, in the wire's shape: a passed day no longer differs from anything. */
export const toWireOverrides = (
  stored: readonly StoredDateOverride[],
  today: Temporal.PlainDate,
): DateOverride[] =>
  stored
    .filter((override) => Temporal.PlainDate.compare(Temporal.PlainDate.from(override.date), today) >= 0)
    .map((override) => ({ date: override.date, ...dayFromStartHours(override.hours) }));

/** Whether the week or an override offers any hour: the listing leaves out mentors who offer none. */
export const offersHours = (week: StoredWeeklyHours, overrides: readonly StoredDateOverride[]): boolean =>
  Object.values(week).some((hours) => hours.length > 0) ||
  overrides.some((override) => override.hours.length > 0);

/**
 * What is wrong with the override dates, given today in the mentor's zone: each must be today or later and
 * at most BOOKING_HORIZON_DAYS days ahead (as far as a booking reaches). Empty when all are acceptable.
 */
export function overrideDateProblems(
  overrides: NonNullable<AvailabilityBody['overrides']>,
  today: Temporal.PlainDate,
): ErrorItem[] {
  const last = today.add({ days: BOOKING_HORIZON_DAYS });
  const problems: ErrorItem[] = [];
  overrides.forEach((override, index) => {
    const date = Temporal.PlainDate.from(override.date);
    const field = `overrides.${index}.date`;
    if (Temporal.PlainDate.compare(date, today) < 0)
      problems.push({ message: availabilityMessages.overridePast, field });
    else if (Temporal.PlainDate.compare(date, last) > 0)
      problems.push({ message: availabilityMessages.overrideTooFar, field });
  });
  return problems;
}
