import { msg } from './i18n/msg';

/**
 * The availability rules' numbers and the zone and hour helpers, without zod: a page that only shows free hours
 * (the mentor listing, the profile in its first picture) imports this instead of availability.ts, whose schemas
 * would bring zod along. availability.ts re-exports it.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The weekdays as people read them (in English; a page shows them through `translate`). */
const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: msg('Monday'),
  tuesday: msg('Tuesday'),
  wednesday: msg('Wednesday'),
  thursday: msg('Thursday'),
  friday: msg('Friday'),
};
export const weekdayLabel = (day: Weekday): string => WEEKDAY_LABELS[day];

/** Spec §9: selectable hours 10:00 to 17:00 on the hour, one-hour slots. */
export const FIRST_HOUR = 10;
export const LAST_HOUR = 17;
/** Start hours of the one-hour slots a day can have: 10 … 16. */
export const SLOT_START_HOURS = Array.from(
  { length: LAST_HOUR - FIRST_HOUR },
  (_, index) => FIRST_HOUR + index,
);
/** Spec §9: hourly rate minimum 100, step 100 (whole rupees on the wire). */
export const RATE_MIN = 100;
export const RATE_STEP = 100;
/** Ours (the spec gives none): a bound well inside the database's integer paise (2^31 - 1 paise is about 2.1 crore rupees). */
export const RATE_MAX = 1_000_000;
/** The free slots a visitor sees reach this many days ahead (and one slots request asks for at most this). */
export const AVAILABILITY_DAYS_AHEAD = 60;
/** Bookings reach this many days ahead, and so do the date overrides that shape them (DESIGN.md §4b). */
export const BOOKING_HORIZON_DAYS = 180;
/** Date overrides a mentor keeps at once. */
export const DATE_OVERRIDES_MAX = 60;
export const DEFAULT_TIMEZONE = 'Asia/Kolkata';
/** Old names the spec and older systems use for a zone, and the name we keep. */
const ZONE_ALIASES: Record<string, string> = { 'Asia/Calcutta': 'Asia/Kolkata' };

/** The name we keep for a zone: an old name (Asia/Calcutta) as its new one, any other name as it is. Unchecked. */
export const preferredZoneName = (name: string): string => ZONE_ALIASES[name] ?? name;

/** An IANA zone name this runtime knows (the old Asia/Calcutta is read as Asia/Kolkata). */
export function canonicalTimezone(name: string): string | undefined {
  const zone = preferredZoneName(name);
  // Only region names: `Intl` also takes offsets like "+05:30", which have no daylight saving rules.
  if (zone !== 'UTC' && !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone)) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** 10 → "10:00 AM", 13 → "1:00 PM": the spec's "h:mm AM/PM". */
export function hourToTime(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${suffix}`;
}

/** "1:00 PM" → 13; undefined for anything not on the hour or not in that form. */
export function timeToHour(time: string): number | undefined {
  const match = /^(1[0-2]|[1-9]):00 (AM|PM)$/.exec(time.trim());
  if (!match) return undefined;
  const twelve = Number(match[1]) % 12;
  return match[2] === 'AM' ? twelve : twelve + 12;
}
