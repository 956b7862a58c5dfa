import { payoutMessages, payoutRefusal, type EarningsSession } from '@skillroute/shared/earnings';
import type { Paise } from '@skillroute/shared/money';
import { financialYearFirstDay } from '@skillroute/shared/receipts';
import { t } from '@/lib/i18n';
import { displayLocale } from '@/lib/time-zones';
import { formatsPerZone } from '@skillroute/shared/zone-formats';

/** How many months the earnings chart shows, this one included. */
export const EARNINGS_CHART_MONTHS = 12;

/** One month of the chart: `month` is "2026-11" in the viewer's zone. */
export interface MonthNet {
  month: string;
  net: Paise;
}

const monthKeyFormats = new Map<string, Intl.DateTimeFormat>();

/** The month ("2026-11") an instant falls in, read in `zone`. */
export function monthIn(instant: Date | string, zone: string): string {
  let format = monthKeyFormats.get(zone);
  if (!format) {
    // en-CA writes "2026-11", year first, so the key sorts as text.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' });
    monthKeyFormats.set(zone, format);
  }
  return format.format(new Date(instant));
}

/** "2026-11" → the month before, "2026-10" (January steps back into December). */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/**
 * The mentor's net earnings in each of the last 12 months up to `now`'s, oldest first, each session counted in
 * the month it was (or is to be) held in the viewer's zone; a month without sessions is 0.
 */
export function monthlyNet(sessions: EarningsSession[], zone: string, now: Date): MonthNet[] {
  const months: string[] = [monthIn(now, zone)];
  while (months.length < EARNINGS_CHART_MONTHS) months.unshift(previousMonth(months[0]!));
  const totals = new Map(months.map((month) => [month, 0]));
  for (const session of sessions) {
    const month = monthIn(session.startTime, zone);
    const total = totals.get(month);
    if (total !== undefined) totals.set(month, total + session.net);
  }
  return months.map((month) => ({ month, net: totals.get(month)! }));
}

/** "2026-11" → "Nov 2026" (in Hindi "नव॰ 2026"), as the chart's axis and its table say it. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(displayLocale(), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, number - 1, 1));
}

/** The sessions newest first, whatever order they came in. */
export const newestFirst = (sessions: EarningsSession[]): EarningsSession[] =>
  [...sessions].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));

/** Rupees as people type them ("1,323", "₹1,323.5", "500.05") in paise; undefined for anything else. */
export function typedRupeesToPaise(text: string): Paise | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/[₹,\s]/g, ''));
  if (match === null) return undefined;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : undefined;
}

/** What is wrong with a typed payout amount, with the api's own messages; undefined when it may be asked for. */
export function payoutAmountProblem(
  text: string,
  limits: { minimum: Paise; available: Paise },
): string | undefined {
  const amount = typedRupeesToPaise(text);
  if (amount === undefined) return t('Enter an amount in rupees, like 1500 or 1500.50');
  switch (payoutRefusal({ amount, ...limits })) {
    case 'below_minimum':
      return payoutMessages.belowMinimum(limits.minimum);
    case 'above_available':
      return payoutMessages.aboveAvailable(limits.available);
    default:
      return undefined;
  }
}

/** Paise as the plain rupees an amount field starts with: 132350 → "1323.50", 50000 → "500". */
export const paiseAsTypedRupees = (paise: Paise): string =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

const dayFormat = formatsPerZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day ("2026-11-26") an instant falls on in `zone`. */
export const dayIn = (instant: Date, zone: string): string => dayFormat(zone).format(instant);

/** The statement a mentor most often wants: this financial year (from 1 April) up to today, in their zone. */
export function financialYearToDate(now: Date, zone: string): { from: string; to: string } {
  const today = dayIn(now, zone);
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { from: financialYearFirstDay(year, month), to: today };
}
