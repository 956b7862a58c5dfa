import { formatRupees } from '@skillroute/shared/money';
import { t } from '@/lib/i18n';

/** A mentor's rate as the profile shows it: 1500 → "₹1,500 per session" (whole rupees, DESIGN.md §4). */
export const sessionPriceText = (pricePerSession: number): string =>
  t('{price} per session', { price: formatRupees(pricePerSession) });
