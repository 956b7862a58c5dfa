import { currentLocale, intlLocale, t } from '@/lib/i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** English as it always read ("5 minutes ago", "Nov 22, 2026, 12:00 PM"); another language its own way. */
const formatLocale = (): string => (currentLocale() === 'en' ? 'en' : intlLocale());
const relatives = new Map<string, Intl.RelativeTimeFormat>();
const exacts = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = formatLocale();
  let format = relatives.get(locale);
  if (!format) relatives.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  return format;
}

function exactFormat(): Intl.DateTimeFormat {
  const locale = formatLocale();
  let format = exacts.get(locale);
  if (!format)
    exacts.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })),
    );
  return format;
}

/**
 * "5 minutes ago", "2 days ago", or "just now" under a minute, counted in whole units (floor), as a feed
 * reads. A time slightly in the future (a clock ahead of the server) reads as "just now" too.
 */
export function relativeTime(date: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeFormat().format(-Math.floor(seconds / size), unit);
  }
  return t('just now');
}

/** The full date and time in the reader's own time zone, for a title or a screen reader. */
export function exactTime(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : exactFormat().format(date);
}
