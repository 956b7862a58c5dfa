const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "24 Nov 2026" (or "24 Nov 2026, 10:00 UTC" with the time): admins read every time in UTC, as the dashboard counts. */
export function formatDate(iso: string, withTime = false): string {
  return withTime ? `${dateTimeFormat.format(new Date(iso))} UTC` : dateFormat.format(new Date(iso));
}
