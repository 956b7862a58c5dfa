import { currentLocale, intlLocale, t } from '@/lib/i18n';

// One formatter for the web and the api's mails; kept importable from here for the mentor pages.
export { formatRupees } from '@skillroute/shared/money';

/** "4.8" or "New" when nobody has reviewed yet (in the reader's language). */
export const formatRating = (rating: number | null): string =>
  rating === null ? t('New') : rating.toFixed(1);

/** "1 session", "1,200 sessions": English only (the pages count through `t`'s plurals, in every language). */
export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

export { initials } from '@/lib/initials';

/**
 * A day as the viewer writes it, in their locale and zone: "Nov 20, 2026" in en-US, "20.11.2026" in de-DE; a
 * reader of another of our languages than English reads it in that language ("20 नव॰ 2026").
 */
export const formatDay = (
  instant: string,
  locale: string = currentLocale() === 'en' ? navigator.language : intlLocale(),
): string => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(instant));
