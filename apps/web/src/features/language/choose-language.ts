import { LOCALES, DEFAULT_LOCALE, type Locale } from '@skillroute/shared/i18n/locales';
import { currentLocale, setLanguage } from '@/lib/i18n';
import { saveChosenLanguage } from '@/lib/language-preference';

/** The language the switcher offers: the one the page is not written in. */
export function otherLanguage(locale: Locale = currentLocale()): Locale {
  return LOCALES.find((code) => code !== locale) ?? DEFAULT_LOCALE;
}

/**
 * Writes the page in `locale` from now on, in this browser too. The whole page is drawn again (app.tsx), so the
 * control that was used is a new element: `refocus` (a selector) names it, and it gets the focus back.
 */
export async function chooseLanguage(locale: Locale, refocus?: string): Promise<void> {
  saveChosenLanguage(locale);
  await setLanguage(locale);
  if (refocus === undefined) return;
  // After the frame React draws the new page in.
  requestAnimationFrame(() => document.querySelector<HTMLElement>(refocus)?.focus());
}
