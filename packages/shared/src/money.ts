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

/** Paise per rupee: prices travel as whole rupees, the database and payments keep paise (DESIGN.md §4). */
export const PAISE_PER_RUPEE = 100;
export const rupeesToPaise = (rupees: number): number => rupees * PAISE_PER_RUPEE;
export const paiseToRupees = (paise: number): number => paise / PAISE_PER_RUPEE;

/** Whole rupees with Indian digit grouping: 125000 → "₹1,25,000". */
export const formatRupees = (rupees: number): string => wholeRupees.format(rupees);

/** Paise as rupees: whole rupees without decimals (75000 → "₹750"), otherwise with the paise (75050 → "₹750.50"). */
export const formatPaise = (paise: number): string =>
  paise % PAISE_PER_RUPEE === 0
    ? wholeRupees.format(paiseToRupees(paise))
    : rupeesAndPaise.format(paiseToRupees(paise));
