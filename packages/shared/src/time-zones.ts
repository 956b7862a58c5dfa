import { DEFAULT_TIMEZONE, preferredZoneName } from './availability-constants';
import { formatsPerZone } from './zone-formats';

/**
 * Every time shown to a person, in any channel, is in their own zone and names it as people know it
 * (DESIGN.md §4b "Everyone's own time zone"): "Eastern Time (New York)" rather than "GMT-5". One rule for the
 * api's mails, notices and checkout and for the web's pages.
 */

/** India reads its zone as "IST": the product's home zone, and how people there name it. */
const INDIA_ZONE_NAME = 'IST';

/**
 * The formats of one set of options, one per reader's language: English (no locale, or any `en-…` tag) always in
 * `en-US`, as before languages came; another language's in its own Intl tag (`hi-IN`: Hindi month, weekday and
 * zone names).
 */
function formatsPerLocale(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (locale: string | undefined) => (zone: string) => Intl.DateTimeFormat {
  const perLocale = new Map<string, (zone: string) => Intl.DateTimeFormat>();
  return (locale) => {
    const tag = locale === undefined || /^en\b/i.test(locale) ? 'en-US' : locale;
    let formats = perLocale.get(tag);
    if (formats === undefined) {
      formats = formatsPerZone(tag, options);
      perLocale.set(tag, formats);
    }
    return formats;
  };
}

const zoneNameFormat = formatsPerLocale({ timeZoneName: 'longGeneric' });

function genericName(zone: string, at: Date, locale?: string): string {
  return (
    zoneNameFormat(locale)(zone)
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone
  );
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires": the place a zone is named after. */
const cityOf = (zone: string): string => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

/**
 * A zone in a list to pick from, every one by its full name and city: "Eastern Time (New York)", "India
 * Standard Time (Kolkata)" (so "India" finds it), "UTC".
 */
export function zoneListName(zone: string, at: Date | number = Date.now(), locale?: string): string {
  const name = preferredZoneName(zone);
  if (name === 'UTC' || name === 'Etc/UTC') return 'UTC';
  return `${genericName(name, new Date(at), locale)} (${cityOf(name)})`;
}

/**
 * A zone as people know it: "Eastern Time (New York)", "Central European Time (Berlin)"; India as "IST" and
 * UTC as "UTC". The city tells apart zones that share a name but not their rules (Phoenix keeps no summer time).
 */
export function zoneDisplayName(zone: string, at: Date | number = Date.now(), locale?: string): string {
  const name = preferredZoneName(zone);
  if (name === DEFAULT_TIMEZONE) return INDIA_ZONE_NAME;
  return zoneListName(name, at, locale);
}

const clockFormat = formatsPerLocale({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/**
 * "Fri 27 Nov, 2:00 PM Eastern Time (New York)": an instant on the reader's clock, with the zone named; with
 * `locale` (an Intl tag of INTL_LOCALES) the names in the reader's language ("शुक्र 27 नव॰, 2:00 PM IST").
 */
export function formatZonedTime(instant: Date | number | string, zone: string, locale?: string): string {
  const at = new Date(instant);
  const parts = clockFormat(locale)(preferredZoneName(zone)).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} ${zoneDisplayName(zone, at, locale)}`;
}

/** The zone a person reads times in: their own, else (for a mentor) their availability's, else India's. */
export function readerZone(own: string | null | undefined, fallback?: string | null): string {
  return own ?? fallback ?? DEFAULT_TIMEZONE;
}
