import type { FreeSlot } from '@skillroute/shared/availability';
import {
  AVAILABILITY_DAYS_AHEAD,
  DEFAULT_TIMEZONE,
  preferredZoneName,
} from '@skillroute/shared/availability-constants';
import { currentLocale, intlLocale } from '@/lib/i18n';

/**
 * Slots travel as UTC instants; a visitor reads them in a zone of their choosing (their browser's by
 * default). Plain functions over Intl, so the page and the tests agree on every date and hour.
 */

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateKeyFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The tag dates and hours are shown in: English keeps the US forms it has always shown ("Monday, November 30,
 * 2026", "11:30 PM"); another language writes them its own way (month and weekday names in it).
 */
export const displayLocale = (): string => (currentLocale() === 'en' ? 'en-US' : intlLocale());

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  zone: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const key = `${locale} ${zone}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    cache.set(key, format);
  }
  return format;
}

/**
 * The zone this browser runs in, as an IANA name, by the name the app keeps: Chromium in India reports the
 * old Asia/Calcutta, which is shown and listed as Asia/Kolkata (as the Availability dialog does).
 */
export function browserTimeZone(): string {
  return preferredZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * Every zone this runtime knows, sorted. Some runtimes list India as the old Asia/Calcutta, so the name mentors
 * are kept in (Asia/Kolkata) is added, as are UTC and `include` (the browser's own, which may be an alias too).
 */
export function listTimeZones(include?: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Node and Chromium list India only as Asia/Calcutta: it is listed once, as Asia/Kolkata.
  const all = new Set(zones.map(preferredZoneName));
  all.add('UTC');
  all.add(DEFAULT_TIMEZONE);
  if (include) all.add(include);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** "America/New_York" → "America / New York": easier to read and to search. */
export const zoneLabel = (zone: string): string => zone.replaceAll('_', ' ').replaceAll('/', ' / ');

/** The zones whose name holds every word of `query` (spaces, slashes and underscores alike). */
export function searchTimeZones(zones: readonly string[], query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[\s/_]+/)
    .filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replaceAll('_', ' ');
    return words.every((word) => name.includes(word));
  });
}

/** The hour a slot starts, as a clock in `zone` shows it: "11:30 PM". */
export function formatSlotTime(instant: string, zone: string): string {
  return cached(
    timeFormats,
    zone,
    { hour: 'numeric', minute: '2-digit', hour12: true },
    displayLocale(),
  ).format(new Date(instant));
}

/** The calendar date of an instant in `zone`, as "YYYY-MM-DD". */
export function localDateKey(instant: string | number | Date, zone: string): string {
  const parts = cached(dateKeyFormats, zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Free slots by their date in `zone`, each day's in time order; days in date order. */
export function groupSlotsByLocalDate(slots: readonly FreeSlot[], zone: string): Map<string, FreeSlot[]> {
  const sorted = [...slots].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const days = new Map<string, FreeSlot[]>();
  for (const slot of sorted) {
    const key = localDateKey(slot.startTime, zone);
    const day = days.get(key);
    if (day) day.push(slot);
    else days.set(key, [slot]);
  }
  return new Map([...days.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** A slot for a card: "Mon, Nov 30, 11:30 PM" in `zone`. */
export function formatSlotDateTime(instant: string, zone: string): string {
  return new Intl.DateTimeFormat(displayLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: zone,
  }).format(new Date(instant));
}

/** The zone's short name at an instant ("EST", "GMT+5:30"), to say which clock a time is on. */
export function zoneAbbreviation(zone: string, at: string | number | Date = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(
    new Date(at),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

// Calendar arithmetic on "YYYY-MM-DD" keys: dates, not instants, so no zone can shift them.
const keyToUtc = (key: string): Date => new Date(`${key}T00:00:00Z`);
const utcToKey = (date: Date): string => date.toISOString().slice(0, 10);

export function addDays(key: string, days: number): string {
  const date = keyToUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return utcToKey(date);
}

/** "2026-11" of a date key. */
export const monthOf = (key: string): string => key.slice(0, 7);

export function addMonths(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + months, 1));
  return utcToKey(date).slice(0, 7);
}

/** The weeks of a month as date keys, Sunday first; days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const start = keyToUtc(first).getUTCDay();
  const days: (string | null)[] = Array.from({ length: start }, () => null);
  for (let key = first; monthOf(key) === month; key = addDays(key, 1)) days.push(key);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/** Day of the week of a date key, 0 for Sunday. */
export const weekdayOf = (key: string): number => keyToUtc(key).getUTCDay();

/** "November 2026". */
export const formatMonth = (month: string): string =>
  new Intl.DateTimeFormat(displayLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    keyToUtc(`${month}-01`),
  );

/** "Monday, November 30, 2026". */
export const formatLongDate = (key: string): string =>
  new Intl.DateTimeFormat(displayLocale(), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(keyToUtc(key));

const HOUR_MS = 3_600_000;

/**
 * The window of a mentor's free hours a person may pick from: from the start of this hour, as many days ahead
 * as bookings reach. Fixed for the visit, and the same for every visitor within the hour, so the api answers
 * them all from one cached answer; slots already too near to book are left out by the api whatever `from` says.
 */
export function bookableSlotWindow(): { from: string; to: string } {
  const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  return {
    from: new Date(hour).toISOString(),
    to: new Date(hour + AVAILABILITY_DAYS_AHEAD * 24 * HOUR_MS).toISOString(),
  };
}
