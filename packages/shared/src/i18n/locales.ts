/**
 * The languages Skillroute speaks. A third joins by adding its code here, its name, and its catalogue folder
 * (`catalogues/<code>/`): the check in `npm test` then asks it for every message.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The tag numbers, money and dates are written with: Indian grouping in both (12,34,567), since Skillroute prices
 * in rupees; month and weekday names in the reader's language.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The cookie that carries a reader's chosen language to the api (error messages, mails sent to a visitor). */
export const LOCALE_COOKIE = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the reader's languages (most preferred first) that Skillroute speaks: `hi-IN` reads as `hi`. */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header's tags, most preferred first (by `q`, then by order); `*` and `q=0` left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q.slice(2)), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
