import { msg } from './i18n/msg';

/**
 * Receipt and credit-note numbers (DESIGN.md §4b "Earnings, payouts, receipts"): one gapless series per
 * document kind and Indian financial year (April to March, on India's calendar), written `SR/2026-27/000001`.
 * The counting itself is the api's (a numbering row locked in the confirming transaction); these are the names.
 */

export const DOCUMENT_SERIES = { receipt: 'SR', credit_note: 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

const indianYearMonthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
});

/** India's date of an instant, as [year, month (1-12)]: a payment at 23:30 UTC on 31 March is 1 April there. */
function indianYearAndMonth(instant: Date): [number, number] {
  const parts = indianYearMonthFormat.formatToParts(instant);
  const part = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month')];
}

/** India's financial year begins in April. */
const FINANCIAL_YEAR_FIRST_MONTH = 4;

/** The calendar year the financial year of a date (its year and month 1-12) began in: March 2027 → 2026. */
export const financialYearStartOf = (year: number, month: number): number =>
  month >= FINANCIAL_YEAR_FIRST_MONTH ? year : year - 1;

/** The financial year's first day, "2026-04-01", for a date's year and month. */
export const financialYearFirstDay = (year: number, month: number): string =>
  `${financialYearStartOf(year, month)}-${String(FINANCIAL_YEAR_FIRST_MONTH).padStart(2, '0')}-01`;

/** The financial year an instant falls in, as written on documents: "2026-27" from 1 April 2026 to 31 March 2027. */
export function financialYearOf(instant: Date): string {
  const [year, month] = indianYearAndMonth(instant);
  const starts = financialYearStartOf(year, month);
  return `${starts}-${String((starts + 1) % 100).padStart(2, '0')}`;
}

/** A document number's serial has at least this many digits, zeros in front: `000001`. */
export const DOCUMENT_SERIAL_DIGITS = 6;

/** What every number of a kind's series in a financial year begins with: `SR/2026-27/`. */
export const documentNumberPrefix = (kind: DocumentKind, financialYear: string): string =>
  `${DOCUMENT_SERIES[kind]}/${financialYear}/`;

/** The `n`-th document of a kind in a financial year: `SR/2026-27/000001`. */
export function documentNumber(kind: DocumentKind, financialYear: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a document number counts from 1, not ${n}`);
  return `${documentNumberPrefix(kind, financialYear)}${String(n).padStart(DOCUMENT_SERIAL_DIGITS, '0')}`;
}

/** The refusals of `GET /api/bookings/:id/receipt.pdf` and `…/credit-note.pdf` (the mentee of the booking only). */
export const receiptMessages = {
  noReceipt: msg('This booking has no receipt: a receipt is issued when its payment confirms it.'),
  noCreditNote: msg('This booking has no credit note: a credit note is issued when a refund is decided.'),
} as const;
