/**
 * Money as people read it, the same on the web and in mails. Prices travel as whole rupees, payments and
 * refunds as integer paise (DESIGN.md §4); both are written in rupees with Indian digit grouping.
 */

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in integer paise: what the database keeps, payments and refunds carry, and a booking's `amount`
 * is. A name for the unit, so a signature and a hover say which; not a brand, which would need a cast at
 * every sum and at every zod schema.
 */
export type Paise = number;
/** An amount in whole rupees: how a price travels (`pricePerSession` on the wire) and what a mentor types. */
export type Rupees = number;

/** Paise per rupee: prices travel as whole rupees, the database and payments keep paise (DESIGN.md §4). */
export const PAISE_PER_RUPEE = 100;
export const rupeesToPaise = (rupees: Rupees): Paise => rupees * PAISE_PER_RUPEE;
export const paiseToRupees = (paise: Paise): Rupees => paise / PAISE_PER_RUPEE;

/** Whole rupees with Indian digit grouping: 125000 → "₹1,25,000". */
export const formatRupees = (rupees: Rupees): string => wholeRupees.format(rupees);

/** Paise as rupees: whole rupees without decimals (75000 → "₹750"), otherwise with the paise (75050 → "₹750.50"). */
export const formatPaise = (paise: Paise): string =>
  paise % PAISE_PER_RUPEE === 0
    ? wholeRupees.format(paiseToRupees(paise))
    : rupeesAndPaise.format(paiseToRupees(paise));

/**
 * Paise as plain decimal rupees, always with the paise: "999.50" (a CSV a spreadsheet sums), or with Indian
 * digit grouping "1,25,000.00" (a PDF whose font has no "₹"). Counted in integers, so no float rounds a paisa.
 */
export function decimalRupees(paise: Paise, options: { grouped?: boolean } = {}): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(paise) / PAISE_PER_RUPEE);
  const rest = String(Math.abs(paise) % PAISE_PER_RUPEE).padStart(2, '0');
  return `${sign}${options.grouped ? whole.toLocaleString('en-IN') : whole}.${rest}`;
}
