const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** A mentor's rate as the profile shows it: 1500 → "₹1,500 per session" (whole rupees, DESIGN.md §4). */
export const sessionPriceText = (pricePerSession: number): string =>
  `${rupees.format(pricePerSession)} per session`;
