import { describe, expect, it } from 'vitest';
import { newAccountLocale, requestLocale, translatorFor } from './i18n';

const request = (cookies: Record<string, string> | undefined, acceptLanguage?: string, cookie?: string) => ({
  ...(cookies === undefined ? {} : { cookies }),
  headers: {
    ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
    ...(cookie === undefined ? {} : { cookie }),
  },
});

describe('requestLocale', () => {
  it('is the language the reader chose (the locale cookie), whatever the browser prefers', () => {
    expect(requestLocale(request({ locale: 'hi' }))).toBe('hi');
    expect(requestLocale(request({ locale: 'hi' }, 'en-GB,en;q=0.9'))).toBe('hi');
    expect(requestLocale(request({ locale: 'en' }, 'hi-IN,hi;q=0.9'))).toBe('en');
  });

  it('is the first of the browser’s languages Skillroute speaks, without a cookie', () => {
    expect(requestLocale(request({}, 'hi-IN,hi;q=0.9'))).toBe('hi');
    expect(requestLocale(request({}, 'fr-FR,fr;q=0.9,hi;q=0.5,en;q=0.3'))).toBe('hi');
    expect(requestLocale(request({}, 'en;q=0.4, hi;q=0.8'))).toBe('hi');
    expect(requestLocale(request({}, 'en-IN,hi;q=0.9'))).toBe('en');
  });

  it('reads a cookie naming a language it does not speak as no choice', () => {
    for (const locale of ['fr', 'HI', '', 'hi-IN', 'en; hi'])
      expect(requestLocale(request({ locale }, 'hi-IN,hi;q=0.9')), locale).toBe('hi');
    expect(requestLocale(request({ locale: 'fr' }))).toBe('en');
  });

  it('is English when nothing says otherwise', () => {
    expect(requestLocale(request({}))).toBe('en');
    expect(requestLocale(request({}, 'fr-FR,de;q=0.8'))).toBe('en');
    expect(requestLocale(request({}, '*'))).toBe('en');
    expect(requestLocale(request({}, 'hi;q=0'))).toBe('en');
  });

  it('reads the Cookie header itself when no hook parsed it (a request the router refused)', () => {
    expect(requestLocale(request(undefined, 'en', 'accessToken=x; locale=hi'))).toBe('hi');
    expect(requestLocale(request(undefined, 'hi', 'locale=fr'))).toBe('hi');
    expect(requestLocale(request(undefined))).toBe('en');
  });
});

describe('translatorFor', () => {
  it('builds each language’s translator once', () => {
    expect(translatorFor('hi')).toBe(translatorFor('hi'));
    expect(translatorFor('en')).toBe(translatorFor('en'));
    expect(translatorFor('hi').locale).toBe('hi');
  });

  it('writes Hindi from the catalogue, and leaves English and anything uncatalogued as written', () => {
    expect(translatorFor('hi').translate('Choose English or Hindi')).toBe('अंग्रेज़ी या हिन्दी चुनें');
    expect(translatorFor('en').translate('Choose English or Hindi')).toBe('Choose English or Hindi');
    expect(translatorFor('hi').translate('A sentence no catalogue has.')).toBe(
      'A sentence no catalogue has.',
    );
  });

  it('writes an English message in ICU (a plural) without a catalogue, as the web does', () => {
    const english = translatorFor('en');
    const source = '{count, plural, one {# seat is} other {# seats are}} left';
    expect(english.t(source, { count: 1 })).toBe('1 seat is left');
    expect(english.t(source, { count: 1200 })).toBe('1,200 seats are left');
    expect(english.t('Hello {name}', { name: 'Ada' })).toBe('Hello Ada');
  });
});

describe('newAccountLocale', () => {
  it('is the language chosen on the sign-up page, else that page’s own when it is not English', () => {
    expect(newAccountLocale('en', 'hi')).toBe('en');
    expect(newAccountLocale('hi', 'en')).toBe('hi');
    expect(newAccountLocale(undefined, 'hi')).toBe('hi');
    expect(newAccountLocale(undefined, 'en')).toBeUndefined();
    expect(newAccountLocale(undefined, undefined)).toBeUndefined();
  });
});
