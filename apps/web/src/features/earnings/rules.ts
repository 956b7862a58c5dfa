import type { EarningsSession, PayoutStatus } from '@skillroute/shared/earnings';
import type { Paise } from '@skillroute/shared/money';

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

/** "2026-11" → "Nov 2026", as the chart's axis and its table say it. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, number - 1, 1),
  );
}

/** The sessions newest first, whatever order they came in. */
export const newestFirst = (sessions: EarningsSession[]): EarningsSession[] =>
  [...sessions].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));

/** A payout's status as the mentor reads it. */
const payoutStatusLabels: Record<PayoutStatus, string> = {
  requested: 'Requested',
  paid: 'Paid',
  failed: 'Failed',
};
export const payoutStatusLabel = (status: PayoutStatus): string => payoutStatusLabels[status];
