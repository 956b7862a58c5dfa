import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import { compileCatalogue, needsIcu, readCatalogue } from '@skillroute/shared/i18n/compile';
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  negotiateLocale,
  type Locale,
} from '@skillroute/shared/i18n/locales';
import { createTranslator, type Translator } from '@skillroute/shared/i18n/translator';

/** What `requestLocale` reads of a request: a Fastify request is one. */
export interface LocaleSource {
  /** Parsed by @fastify/cookie; absent when the router refused the request before any hook ran. */
  cookies?: Record<string, string | undefined>;
  headers: IncomingHttpHeaders;
}

/**
 * The language to answer a request in: the one the reader chose in the app (the `locale` cookie) when
 * Skillroute speaks it, else the first of their browser's languages it speaks (Accept-Language), else English.
 */
export function requestLocale(request: LocaleSource): Locale {
  const cookies = request.cookies ?? parseCookies(request.headers.cookie ?? '');
  const chosen = cookies[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(acceptedLanguages(request.headers['accept-language']));
}

/**
 * The language a new account is made in: the one chosen on the page it was made from, else that page's own
 * (the request's) when it is not English. English needs no record: an account with none reads English, and
 * takes up the language a person chooses on another device, where a stored English would override it.
 */
export function newAccountLocale(
  chosen: Locale | undefined,
  requested: Locale | undefined,
): Locale | undefined {
  return chosen ?? (requested === DEFAULT_LOCALE ? undefined : requested);
}

const translators = new Map<Locale, Translator>();

/**
 * English has no catalogue: its messages are their own sources. One written in ICU (a plural) is compiled the
 * first time it is written, so the api writes `{count, plural, …}` as the web does (as many as the code has).
 */
function englishTranslator(): Translator {
  const compiled: Messages = {};
  const english = createTranslator('en', compiled);
  return {
    ...english,
    t(source, values) {
      if (compiled[source] === undefined && needsIcu(source))
        english.add({ [source]: compileMessage(source) });
      return english.t(source, values);
    },
  };
}

/**
 * The translator of a language, built once, the first time a request needs it: its catalogue read and compiled
 * (every area's file, the app's included). No locale (an account that never chose one) reads English.
 */
export function translatorFor(chosen: Locale | null | undefined): Translator {
  const locale = chosen ?? 'en';
  let translator = translators.get(locale);
  if (translator === undefined) {
    translator =
      locale === 'en'
        ? englishTranslator()
        : createTranslator(locale, compileCatalogue(readCatalogue(locale)));
    translators.set(locale, translator);
  }
  return translator;
}
