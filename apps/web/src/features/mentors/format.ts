// One formatter for the web and the api's mails; kept importable from here for the mentor pages.
export { formatRupees } from '@skillroute/shared/money';

/** "4.8" or "New" when nobody has reviewed yet. */
export const formatRating = (rating: number | null): string => (rating === null ? 'New' : rating.toFixed(1));

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

export { initials } from '@/lib/initials';

/** A day as the viewer writes it, in their locale and zone: "Nov 20, 2026" in en-US, "20.11.2026" in de-DE. */
export const formatDay = (instant: string, locale: string = navigator.language): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(instant));
