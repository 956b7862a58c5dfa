/**
 * Instants as the api takes them from people: ISO 8601 with an offset ("2026-12-01T10:00:00Z",
 * "2026-12-01T15:30:00+05:30"), or where allowed a bare date read as UTC midnight. One parser for every
 * schema that takes one, so "a date that does not exist" and "a year nobody books in" are refused alike
 * (DESIGN.md §4b), rather than rolled over by Date.parse (2027-02-30 would be 2 March).
 */

/** The years an instant may fall in. */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2100;

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a calendar date exists: month 1-12, and the day within that month of that year. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Epoch milliseconds of an instant written with its offset, or (with `dates`) of a bare date at UTC midnight;
 * undefined for anything else, a date or time that does not exist, or a year outside EARLIEST_YEAR-LATEST_YEAR.
 */
export function parseInstant(text: string, options: { dates?: boolean } = {}): number | undefined {
  const date = options.dates ? DATE.exec(text) : null;
  const instant = date === null ? INSTANT.exec(text) : null;
  const parts = date ?? instant;
  if (parts === null) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || !isCalendarDate(year, month, day)) return undefined;
  if (instant !== null) {
    const [hour, minute, second] = [Number(instant[4]), Number(instant[5]), Number(instant[6] ?? 0)];
    const [offsetHours, offsetMinutes] = [Number(instant[7] ?? 0), Number(instant[8] ?? 0)];
    if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  }
  const time = Date.parse(date !== null ? `${text}T00:00:00Z` : text);
  return Number.isNaN(time) ? undefined : time;
}
