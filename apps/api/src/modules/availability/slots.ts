// A mentor's free one-hour slots in a window: pure, no I/O. Every wall-clock → instant conversion comes from
// Temporal; the only arithmetic on instants is adding whole hours where Temporal has said the zone's offset
// does not change (see `dayStarts`).
import { LRUCache } from 'lru-cache';
import { Temporal } from 'temporal-polyfill';
import { BOOKING_HORIZON_DAYS, type Weekday } from '@skillroute/shared/availability';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from '@skillroute/shared/booking-settings';

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
/**
 * Time the mentor's live bookings take: as the mentor of a session (`asMentor` true, or left out) or as someone's
 * mentee (false). Every kind keeps the buffer around it; only the mentor's own sessions count toward a day's limit.
 */
export interface BusyTime extends Interval {
  asMentor?: boolean;
}
/** A mentor's booking settings as the slot rules use them (milliseconds). */
export interface SlotRules {
  noticeMs: number;
  bufferMs: number;
  maxSessionsPerDay: number;
}
export interface SlotQuery {
  weekly: WeeklyHours;
  overrides: DateOverride[];
  /** IANA zone of the mentor. */
  timezone: string;
  /** To honour the buffer and the daily limit, this reaches over `rulesReach(from, to, …)`, not only [from, to). */
  busy: BusyTime[];
  now: number;
  from: number;
  to: number;
  /** Default: the default booking settings (2 hours' notice, no buffer, 8 sessions a day). */
  rules?: SlotRules;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const slotRulesOf = (settings: BookingSettings): SlotRules => ({
  noticeMs: settings.minimumNoticeHours * HOUR_MS,
  bufferMs: settings.bufferMinutes * 60_000,
  maxSessionsPerDay: settings.maxSessionsPerDay,
});
export const DEFAULT_SLOT_RULES: SlotRules = slotRulesOf(DEFAULT_BOOKING_SETTINGS);
/** The notice every mentor had before booking settings, and still the default. */
export const SLOT_NOTICE_MS = DEFAULT_SLOT_RULES.noticeMs;
export const SLOT_WINDOW_MAX_DAYS = 60;
/**
 * How far after a slot's start a change of booked time can still alter whether that slot, or one before it, is
 * free. A booking reaches the rest of its day in the mentor's zone (the daily limit; a day is at most 25 hours)
 * and its buffer (`rulesReach`), and time freed this far after a slot frees nothing before it. Two days leaves
 * room to spare.
 */
export const BOOKING_REACH_MS = 2 * DAY_MS;
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

/**
 * The time whose bookings the rules read for slots in [from, to): from the start of the mentor's day of `from`
 * (and a buffer before `from`) to the end of the day of `to` (and a buffer after it), so a day's count and the
 * buffer around the window's first and last hours see every booking that matters.
 */
export function rulesReach(from: number, to: number, timezone: string, bufferMs: number): Interval {
  return {
    start: Math.min(zonedDayOf(from, timezone).start, from - bufferMs),
    end: Math.max(zonedDayOf(Math.max(from, to - 1), timezone).end, to + bufferMs),
  };
}

/** Why the booking settings refuse an hour: too soon, too close to another session, or on a full day. */
export type SlotRefusal = 'notice' | 'buffer' | 'day_full';

/** The booking settings applied to the mentor's busy time, ready to test hours against. */
interface PreparedRules {
  earliestStart: number;
  /** The busy time, each widened by the buffer on both sides, sorted and joined. */
  blocked: Interval[];
  /** The dates (YYYY-MM-DD in the mentor's zone) with maxSessionsPerDay or more sessions. */
  fullDays: Set<string>;
}

function prepareRules(query: Pick<SlotQuery, 'busy' | 'now' | 'timezone' | 'rules'>): PreparedRules {
  const rules = query.rules ?? DEFAULT_SLOT_RULES;
  const { bufferMs } = rules;
  const blocked = mergedIntervals(
    bufferMs === 0
      ? query.busy
      : query.busy.map((busy) => ({ start: busy.start - bufferMs, end: busy.end + bufferMs })),
  );
  return {
    earliestStart: query.now + rules.noticeMs,
    blocked,
    fullDays: fullDays(query.busy, query.timezone, rules.maxSessionsPerDay),
  };
}

/** The dates in `timezone` on which `maxPerDay` or more of the mentor's own sessions start. */
function fullDays(busy: readonly BusyTime[], timezone: string, maxPerDay: number): Set<string> {
  const starts = busy
    .filter((time) => time.asMentor !== false && time.end > time.start)
    .map((time) => time.start)
    .sort((a, b) => a - b);
  const full = new Set<string>();
  if (starts.length < maxPerDay) return full;
  // Sorted starts: one Temporal conversion per day that has sessions, not per session.
  let day: ZonedDay | undefined;
  let count = 0;
  for (const start of starts) {
    if (day === undefined || start >= day.end) {
      day = zonedDayOf(start, timezone);
      count = 0;
    }
    count += 1;
    if (count >= maxPerDay) full.add(day.key);
  }
  return full;
}

/**
 * What the booking settings make of the hour starting at `start`, given the mentor's busy time over
 * `rulesReach` of it: undefined when they allow it. Whether the hour is on the mentor's schedule, and whether a
 * booking overlaps it, are asked elsewhere; `freeSlots` applies the same rules to every hour it offers.
 */
export function slotRefusal(
  query: Pick<SlotQuery, 'busy' | 'now' | 'timezone' | 'rules'>,
  start: number,
): SlotRefusal | undefined {
  const rules = prepareRules(query);
  if (start < rules.earliestStart) return 'notice';
  if (rules.fullDays.has(zonedDayOf(start, query.timezone).key)) return 'day_full';
  const end = start + HOUR_MS;
  if (rules.blocked.some((interval) => interval.start < end && start < interval.end)) return 'buffer';
  return undefined;
}

/** The free slots in [from, to), sorted ascending, without duplicates: see `slotRefusal` for the settings' part. */
export function freeSlots(query: SlotQuery): Slot[] {
  const { timezone, from, to } = query;
  if (to <= from) return [];
  const rules = prepareRules(query);
  const earliestStart = Math.max(from, rules.earliestStart);
  const busy = rules.blocked;
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
    const key = hoursByDate.size > 0 || rules.fullDays.size > 0 ? isoDateKey(date) : '';
    if (rules.fullDays.has(key)) continue;
    const hours = (hoursByDate.size > 0 ? hoursByDate.get(key) : undefined) ?? hoursByIsoDay[date.dayOfWeek]!;
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

interface ZonedDay {
  /** YYYY-MM-DD in the zone. */
  readonly key: string;
  /** Epoch milliseconds of the day's first instant and of the next day's (23, 24 or 25 hours later). */
  readonly start: number;
  readonly end: number;
}

/**
 * The days of each zone asked for lately, the latest first: enough for a 60-day window and the days around it,
 * so a mentor's free slots or next free slot asked again finds every day already worked out. A zone's day stays
 * what it is (for the time-zone data this process runs with); working one out costs 30-50 µs in the polyfill
 * (its start and the next day's), which made the daily limit's count most of `freeSlots` over 60 days: 1.8-2.5 ms
 * a call before, 0.27-0.45 ms after (the same busy mentor, both in one process, alternating). At most 400 zones of
 * 100 days, a few megabytes.
 */
const recentDays = new LRUCache<string, ZonedDay[]>({ max: 400 });
const RECENT_DAYS_PER_ZONE = 100;

/** The day of `timezone` that `epochMs` falls on. */
function zonedDayOf(epochMs: number, timezone: string): ZonedDay {
  let recent = recentDays.get(timezone);
  const known = recent?.find((day) => day.start <= epochMs && epochMs < day.end);
  if (known !== undefined) return known;
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone);
  const start = zoned.startOfDay();
  const day = {
    key: zoned.toPlainDate().toString(),
    start: start.epochMilliseconds,
    end: start.add({ days: 1 }).epochMilliseconds,
  };
  if (recent === undefined) recentDays.set(timezone, (recent = []));
  recent.unshift(day);
  if (recent.length > RECENT_DAYS_PER_ZONE) recent.pop();
  return day;
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
