import { stringify } from 'csv-stringify/sync';
import { Temporal } from 'temporal-polyfill';
import { statementColumns, type EarningsSession, type StatementQuery } from '@skillroute/shared/earnings';
import { decimalRupees } from '@skillroute/shared/money';

// A mentor's statement as CSV (DESIGN.md §4b): the rows of GET /api/earnings for the sessions held between two
// dates of the mentor's own calendar, both included, in a form a spreadsheet and an accountant read.

/** The instants a statement covers: from the first day's midnight to the midnight after the last, in `zone`. */
export function statementWindow(query: StatementQuery, zone: string): { from: Date; to: Date } {
  const midnight = (date: Temporal.PlainDate) =>
    new Date(date.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
  return {
    from: midnight(Temporal.PlainDate.from(query.from)),
    to: midnight(Temporal.PlainDate.from(query.to).add({ days: 1 })),
  };
}

/**
 * A cell a spreadsheet would run as a formula (a mentee named "=HYPERLINK(…)") is written as text: OWASP's
 * advice for CSV injection, a leading apostrophe.
 */
export const inertCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The statement's CSV: a header, then one row per session, oldest first, its date and time in `zone`. */
export function statementCsv(sessions: EarningsSession[], zone: string): string {
  const rows = [...sessions]
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .map((session) => {
      const start = Temporal.Instant.from(session.startTime).toZonedDateTimeISO(zone);
      return [
        start.toPlainDate().toString(),
        start.toPlainTime().toString({ smallestUnit: 'minute' }),
        session.bookingId,
        inertCell(session.mentee.name),
        session.status,
        decimalRupees(session.price),
        decimalRupees(session.platformFee),
        decimalRupees(session.gstOnFee),
        decimalRupees(session.net),
      ];
    });
  return stringify([[...statementColumns], ...rows], { record_delimiter: 'windows' });
}
