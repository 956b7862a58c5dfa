import { setupI18n, type Messages } from '@lingui/core';
import { INTL_LOCALES, type Locale } from './locales';
import { fillPlaceholders, isMessage, sourceOf } from './msg';

export type MessageValues = Record<string, unknown>;

/** Writes messages in one language. */
export interface Translator {
  locale: Locale;
  /** A message written here in its English source (ICU: `{name}`, `{count, plural, one {…} other {…}}`). */
  t(source: string, values?: MessageValues): string;
  /** A text made elsewhere in English (a rule's message, the api's answer): its translation, or itself. */
  translate(text: string): string;
  /** More compiled messages, from a part of the app that loaded later. */
  add(messages: Messages): void;
}

/**
 * A translator over compiled messages keyed by their English source. A source missing from the catalogue (a
 * message written since the catalogue, or English itself) reads as written, its plain `{name}` placeholders
 * filled in; the catalogue check in `npm test` keeps that from reaching a Hindi reader.
 */
export function createTranslator(locale: Locale, messages: Messages): Translator {
  const i18n = setupI18n({ locale, locales: INTL_LOCALES[locale], messages: { [locale]: messages } });
  const t = (source: string, values?: MessageValues): string => {
    if (messages[source] !== undefined) return i18n._(source, values);
    return values === undefined ? source : fillPlaceholders(source, values);
  };
  return {
    locale,
    t,
    add(more) {
      Object.assign(messages, more);
      i18n.load(locale, more);
    },
    translate,
  };
  function translate(text: string): string {
    if (messages[text] !== undefined) return i18n._(text);
    const { source, values } = sourceOf(text);
    if (source === text || values === undefined) return text;
    // A value made by `msg` too (a wait in words) is written in the same language.
    const translated = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'string' && isMessage(value) ? translate(value) : value,
      ]),
    );
    return t(source, translated);
  }
}
