// A mentor's free one-hour slots in a window: pure, no I/O. Every wall-clock → instant conversion comes from
// Temporal; the only arithmetic on instants is adding whole hours where Temporal has said the zone's offset
// does not change (see `dayStarts`).
import { Temporal } from 'temporal-polyfill';
import { BOOKING_HORIZON_DAYS, type Weekday } from '@skillroute/shared/availability';

/** Start hours (integers 10..16, each a one-hour slot ending by 17:00) per weekday in the mentor's own zone; a missing or empty day is unavailable. */
export type WeeklyHours = Partial<Record<Weekday, number[]>>;
/** A date (YYYY-MM-DD, in the mentor's zone) that differs from the week: hours [] is a day off. */
export interface DateOverride {
  date: string;
  hours: number[];
}
/** Epoch milliseconds, half-open. */
export interface Interval {
  start: number;
  end: number;
}
/** Epoch milliseconds, half-open. */
export interface Slot {
  start: number;
  end: number;
}
export interface SlotQuery {
  weekly: WeeklyHours;
  overrides: DateOverride[];
  /** IANA zone of the mentor. */
  timezone: string;
  busy: Interval[];
  now: number;
  from: number;
  to: number;
  /** Default SLOT_NOTICE_MS. */
  noticeMs?: number;
}

export const SLOT_NOTICE_MS = 2 * 60 * 60 * 1000;
export const SLOT_WINDOW_MAX_DAYS = 60;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Indexed by Temporal's ISO dayOfWeek (1 = Monday … 7 = Sunday). */
const WEEKDAY_BY_ISO_DAY: readonly (Weekday | undefined)[] = [
  undefined,
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  undefined,
  undefined,
];

/** Why a requested window is refused, or undefined when it is acceptable. */
export function slotWindowProblem(
  from: number,
  to: number,
  now: number,
): 'reversed' | 'too_long' | 'beyond_horizon' | undefined {
  if (to <= from) return 'reversed';
  if (to - from > SLOT_WINDOW_MAX_DAYS * DAY_MS) return 'too_long';
  if (to > now + BOOKING_HORIZON_DAYS * DAY_MS) return 'beyond_horizon';
  return undefined;
}

/** The free slots in [from, to), sorted ascending, without duplicates. */
export function freeSlots(query: SlotQuery): Slot[] {
  const { timezone, from, to } = query;
  if (to <= from) return [];
  const earliestStart = Math.max(from, query.now + (query.noticeMs ?? SLOT_NOTICE_MS));
  const busy = mergedIntervals(query.busy);
  const hoursByIsoDay = WEEKDAY_BY_ISO_DAY.map((weekday) =>
    weekday ? distinctSorted(query.weekly[weekday] ?? []) : [],
  );
  const hoursByDate = new Map(
    query.overrides.map((override) => [
      Temporal.PlainDate.from(override.date).toString(),
      distinctSorted(override.hours),
    ]),
  );
  const transitions = new TransitionCursor();

  const slots: Slot[] = [];
  const starts: number[] = [];
  let busyIndex = 0;
  for (const date of calendarDates(zonedDate(from, timezone), zonedDate(to - 1, timezone))) {
    const hours =
      (hoursByDate.size > 0 ? hoursByDate.get(isoDateKey(date)) : undefined) ??
      hoursByIsoDay[date.dayOfWeek]!;
    if (hours.length === 0) continue;
    starts.length = 0;
    dayStarts(date, hours, timezone, transitions, starts);
    // Starts rise strictly across the whole window, so one pass over the merged busy list suffices.
    for (const start of starts) {
      const end = start + HOUR_MS;
      if (start < earliestStart || end > to) continue;
      while (busyIndex < busy.length && busy[busyIndex]!.end <= start) busyIndex += 1;
      if (busyIndex < busy.length && busy[busyIndex]!.start < end) continue;
      slots.push({ start, end });
    }
  }
  return slots;
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
  /** ISO: 1 = Monday … 7 = Sunday. */
  dayOfWeek: number;
}

/**
 * The instants at which each hour of `date` starts in `timeZone`, ascending, appended to `out`.
 * Speed: a Temporal conversion costs a few µs in the polyfill, so the day's first hour is converted and the others
 * are derived by adding whole hours, which is exact only when Temporal reports no offset transition up to the
 * last start. A day with a transition (or whose first hour does not exist) converts every hour.
 */
function dayStarts(
  date: CalendarDate,
  hours: readonly number[],
  timeZone: string,
  transitions: TransitionCursor,
  out: number[],
): void {
  const firstHour = hours[0]!;
  const first = zonedWallClock(date, firstHour, timeZone);
  if (first) {
    const firstMs = first.epochMilliseconds;
    const lastStartMs = firstMs + (hours[hours.length - 1]! - firstHour) * HOUR_MS;
    if (transitions.noneAfterThrough(first, lastStartMs)) {
      for (const hour of hours) out.push(firstMs + (hour - firstHour) * HOUR_MS);
      return;
    }
  }
  for (const hour of hours) {
    const zoned = zonedWallClock(date, hour, timeZone);
    if (zoned) out.push(zoned.epochMilliseconds);
  }
}

/** `hour`:00 on `date` in `timeZone`: undefined if that wall clock is skipped (DST gap), the earlier if it occurs twice. */
function zonedWallClock(
  date: CalendarDate,
  hour: number,
  timeZone: string,
): Temporal.ZonedDateTime | undefined {
  const wallClock = new Temporal.PlainDateTime(date.year, date.month, date.day, hour);
  try {
    return wallClock.toZonedDateTime(timeZone, { disambiguation: 'reject' });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  // Rejected: repeated or skipped. 'earlier' keeps a repeated wall clock as it is and moves a skipped one.
  const earlier = wallClock.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  return earlier.toPlainDateTime().equals(wallClock) ? earlier : undefined;
}

/**
 * Remembers the zone's next offset transition, so Temporal is asked once per transition crossed rather than once a day:
 * the transition that follows instant A is also the one that follows any later instant before it.
 */
class TransitionCursor {
  private askedAtMs = Infinity;
  private nextMs = -Infinity;

  /** True when Temporal says the offset does not change after `from` up to and including `throughMs`. */
  noneAfterThrough(from: Temporal.ZonedDateTime, throughMs: number): boolean {
    const fromMs = from.epochMilliseconds;
    if (fromMs < this.askedAtMs || fromMs >= this.nextMs) {
      this.askedAtMs = fromMs;
      this.nextMs = from.getTimeZoneTransition('next')?.epochMilliseconds ?? Infinity;
    }
    return throughMs < this.nextMs;
  }
}

function zonedDate(epochMs: number, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDate();
}

/**
 * first..last inclusive. Steps the ISO calendar itself, asking Temporal only for month lengths: PlainDate.add costs
 * about 4 µs in the polyfill, a quarter of the time budget over a 60-day window. No time zone is involved here.
 */
function calendarDates(first: Temporal.PlainDate, last: Temporal.PlainDate): CalendarDate[] {
  const count = first.until(last, { largestUnit: 'days' }).days + 1;
  let { year, month, day, dayOfWeek, daysInMonth } = first;
  const dates: CalendarDate[] = [];
  for (let index = 0; index < count; index += 1) {
    dates.push({ year, month, day, dayOfWeek });
    dayOfWeek = (dayOfWeek % 7) + 1;
    if (day < daysInMonth) {
      day += 1;
      continue;
    }
    day = 1;
    if (month === 12) {
      month = 1;
      year += 1;
    } else {
      month += 1;
    }
    daysInMonth = new Temporal.PlainDate(year, month, 1).daysInMonth;
  }
  return dates;
}

function isoDateKey({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Throws on a fractional hour, which would otherwise be truncated by Temporal but not by the derived starts. */
function distinctSorted(hours: readonly number[]): number[] {
  for (const hour of hours)
    if (!Number.isInteger(hour)) throw new RangeError(`slot hour ${hour} is not an integer`);
  return [...new Set(hours)].sort((a, b) => a - b);
}

/** Non-empty intervals, sorted by start, overlapping or touching ones joined. */
function mergedIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}
