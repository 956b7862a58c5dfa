import { canonicalTimezone } from '@skillroute/shared/availability-constants';
import { displayLocale } from '@/lib/time-zones';

/** Instants as the viewer reads them: in their own zone, one format across the booking and meeting pages. */

/** The zone this browser runs in (the one the viewer reads their bookings in). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The browser's zone as the api keeps it, for sign-up and sign-in (DESIGN.md §4b: kept while the person has
 * not chosen one); undefined when the browser reports none the api would take, so signing in never fails on it.
 */
export function browserZoneForAccount(): { timezone?: string } {
  const zone = canonicalTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone || '');
  return zone === undefined ? {} : { timezone: zone };
}

/** A session's start (or its room's opening) in `zone` (the viewer's by default): "Tue, Dec 1, 2026, 10:00 AM GMT+5:30". */
export function formatSessionTime(instant: string, zone: string = viewerZone()): string {
  return new Intl.DateTimeFormat(displayLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: zone,
  }).format(new Date(instant));
}
