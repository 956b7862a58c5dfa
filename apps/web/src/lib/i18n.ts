import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, INTL_LOCALES, LOCALE_COOKIE, type Locale } from '@skillroute/shared/i18n/locales';
import { createTranslator, type MessageValues, type Translator } from '@skillroute/shared/i18n/translator';

/**
 * The language the app writes in, one for the whole page. Components call `t` while they render (never when a
 * module loads: the catalogue may not be there yet); the app's tree is drawn again under a new key when the
 * language changes (app.tsx), so every message follows at once.
 */
/** English's compiled messages: only those that need ICU, each handed over by the module that writes it. */
const english: Messages = {};
let translator: Translator = createTranslator(DEFAULT_LOCALE, english);
const listeners = new Set<() => void>();

/** Every language but English is its own chunk, downloaded only by those who read it. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('virtual:skillroute-catalogue/hi'),
};

/** Called as a module loads, by the build (apps/web/i18n-catalogues.ts): its English messages that need ICU. */
export function knowEnglish(messages: Messages): void {
  Object.assign(english, messages);
  if (translator.locale === 'en') translator.add(messages);
}

/** A message written here in its English source (ICU), in the reader's language. */
export function t(source: string, values?: MessageValues): string {
  return translator.t(source, values);
}

/** A text made in English elsewhere (a rule's message, the api's answer), in the reader's language. */
export function translate(text: string): string {
  return translator.translate(text);
}

export function currentLocale(): Locale {
  return translator.locale;
}

/** The tag numbers, money and dates are written with (Indian grouping in both languages). */
export function intlLocale(): string {
  return INTL_LOCALES[translator.locale];
}

export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Writes the page in `locale` from now on: its messages loaded first, then `<html lang>`, the cookie that tells
 * the api (its error messages, the mails a visitor asks for), and every component drawn again.
 */
export async function setLanguage(locale: Locale): Promise<void> {
  const messages = locale === 'en' ? english : (await loaders[locale]()).default;
  translator = createTranslator(locale, messages);
  document.documentElement.lang = locale;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}
