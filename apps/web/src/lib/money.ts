const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole rupees with Indian digit grouping: 125000 → "₹1,25,000". */
export const formatRupees = (amount: number): string => rupees.format(amount);

/** An amount the api keeps in paise, in rupees: 150000 → "₹1,500"; a half refund of an odd amount keeps its paise ("₹750.50"). */
export const formatPaise = (paise: number): string => (paise % 100 === 0 ? rupees.format(paise / 100) : rupeesAndPaise.format(paise / 100));
