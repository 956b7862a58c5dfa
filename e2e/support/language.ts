import type { Page } from '@playwright/test';

/**
 * Words that stay in Latin letters in Hindi: names, and what Hindi readers write in Latin themselves
 * (the 12-hour clock's am/pm as India's Hindi Intl writes it, zone abbreviations, the currency code).
 */
export const LATIN_IN_HINDI = new Set([
  'Skillroute',
  'Google',
  'GitHub',
  'LinkedIn',
  'am',
  'pm',
  'IST',
  'UTC',
  'GMT',
  'INR',
  // A language's name written in that language (the switcher's label names English as English).
  'English',
  // The companies the listing's filter names as examples.
  'Acme',
  'Globex',
]);

/**
 * Every string value of the JSON the api answered during a visit, but its `message`s (those the api writes for
 * the reader, in their language): data people wrote (names, headlines, roadmap titles) stays as written.
 */
export function watchDataWords(page: Page): Set<string> {
  const words = new Set<string>();
  const collect = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      if (key !== 'message') for (const word of value.match(/[A-Za-z]+/g) ?? []) words.add(word);
    } else if (Array.isArray(value)) value.forEach((item) => collect(item));
    else if (value !== null && typeof value === 'object')
      for (const [name, item] of Object.entries(value)) collect(item, name);
  };
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    collect(await response.json().catch(() => null));
  });
  return words;
}

/**
 * The Latin words a person reads or hears on the page (its text and its labels), but names and data: what a
 * Hindi page must not show. Text marked `translate="no"` (data, code) or written in another language (`lang`, the switcher's
 * "English") is left out, as translators leave it.
 */
export async function englishWordsOn(page: Page, allowed: ReadonlySet<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const skip = (element: Element | null) =>
      element?.closest('[translate="no"], [lang]:not(html):not([lang|="hi"]), script, style, code, pre') !==
      null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skip(parent)) continue;
      if (parent.closest('[hidden], [aria-hidden="true"]') && !parent.closest('.sr-only')) continue;
      found.push(node.textContent ?? '');
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'),
    )) {
      if (skip(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        found.push(element.getAttribute(name) ?? '');
    }
    return found;
  });
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.match(/[A-Za-z]{2,}/g) ?? [])
      if (!allowed.has(word) && !LATIN_IN_HINDI.has(word)) words.add(word);
  return [...words].sort();
}
