/** Instants as the viewer reads them: in their own zone, one format across the booking and meeting pages. */

/** The zone this browser runs in (the one the viewer reads their bookings in). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A session's start (or its room's opening) in `zone` (the viewer's by default): "Tue, Dec 1, 2026, 10:00 AM GMT+5:30". */
export function formatSessionTime(instant: string, zone: string = viewerZone()): string {
  return new Intl.DateTimeFormat('en-US', {
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
