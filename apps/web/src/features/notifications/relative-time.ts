const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "5 minutes ago", "2 days ago", or "just now" under a minute, counted in whole units (floor), as a feed
 * reads. A time slightly in the future (a clock ahead of the server) reads as "just now" too.
 */
export function relativeTime(date: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** The full date and time in the reader's own time zone, for a title or a screen reader. */
export function exactTime(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : exact.format(date);
}
