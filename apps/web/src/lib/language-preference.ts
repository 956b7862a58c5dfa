import { isLocale, negotiateLocale, type Locale } from '@skillroute/shared/i18n/locales';
import { readLocalStorageItem, writeLocalStorageItem } from '@/lib/safe-storage';

/** Local storage key of the language a person chose in this browser (nothing until they choose one). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The language chosen in this browser with the switcher (or taken from the account at sign-in), if any. */
export function readChosenLanguage(): Locale | null {
  const saved = readLocalStorageItem(LANGUAGE_STORAGE_KEY);
  return isLocale(saved) ? saved : null;
}

export function saveChosenLanguage(locale: Locale): void {
  writeLocalStorageItem(LANGUAGE_STORAGE_KEY, locale);
}

/** The language a page opens in: the one chosen here, else the first of the browser's languages we speak. */
export function startingLanguage(): Locale {
  return readChosenLanguage() ?? negotiateLocale(navigator.languages ?? [navigator.language]);
}

/**
 * The language chosen in this browser, for sign-up and sign-in: it becomes the account's (the person's latest
 * choice). Nothing when they never chose here, so the account's own language then comes back to this browser.
 */
export function chosenLanguageForAccount(): { locale?: Locale } {
  const chosen = readChosenLanguage();
  return chosen === null ? {} : { locale: chosen };
}
