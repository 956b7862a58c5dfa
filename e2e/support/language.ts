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
  // The api's texts (notices, mails) write the 12-hour clock in capitals in every language.
  'AM',
  'PM',
  'IST',
  'UTC',
  'GMT',
  'INR',
  // Technical words Hindi writes in Latin: file formats and sizes, the tax, the payment system and its IDs.
  'JPG',
  'PNG',
  'WebP',
  'MB',
  'CSV',
  'GST',
  'UPI',
  'ID',
  // Keys, named as their caps read.
  'Enter',
  'Space',
  'Delete',
  'Escape',
  'Tab',
  // A language's name written in that language (the switcher's label names English as English).
  'English',
  // The companies the listing's filter names as examples.
  'Acme',
  'Globex',
]);

/**
 * Addresses, which read the same in every language: web addresses and the examples of one
 * ("https://www.linkedin.com/in/you"), and e-mail and UPI IDs ("name@okicici").
 */
const ADDRESSES = /\bhttps?:\/\/\S+|[\w.+-]+@[\w.-]+/g;

/**
 * The words of the api's answers: every string value of their JSON but its `message`s (those the api writes for
 * the reader, in their language). Data people wrote (names, headlines, roadmap titles) stays as written.
 */
export class DataWords extends Set<string> {
  /** Answers whose bodies are still being read; `settled()` waits for them. */
  readonly reading = new Set<Promise<void>>();

  take(value: unknown, key?: string): void {
    if (typeof value === 'string') {
      if (key !== 'message') for (const word of value.match(/[A-Za-z]+/g) ?? []) this.add(word);
    } else if (Array.isArray(value)) value.forEach((item) => this.take(item));
    else if (value !== null && typeof value === 'object')
      for (const [name, item] of Object.entries(value)) this.take(item, name);
  }

  async settled(): Promise<void> {
    while (this.reading.size > 0) await Promise.all(this.reading);
  }
}

/**
 * The data words of the JSON the api answers during a visit, and of the signed-in user the app keeps from an
 * earlier answer (`persist:root`), which it shows before it confirms the session with the server.
 */
export function watchDataWords(page: Page): DataWords {
  const words = new DataWords();
  const collect = (value: unknown) => words.take(value);
  page.on('load', () => {
    const stored = page
      .evaluate(() => {
        const root = window.localStorage.getItem('persist:root');
        return root && (JSON.parse(JSON.parse(root).auth ?? 'null') as { user?: unknown } | null)?.user;
      })
      .then(collect, () => undefined)
      .finally(() => words.reading.delete(stored));
    words.reading.add(stored);
  });
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    // The page may show an answer before the test has read its body: englishWordsOn waits for the reading.
    const reading = response
      .json()
      .then(collect, () => undefined)
      .finally(() => words.reading.delete(reading));
    words.reading.add(reading);
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
  // Waited for after reading the page, not before: an answer the page showed meanwhile had its response event
  // before this evaluation's result, but its body may still be being read.
  if (allowed instanceof DataWords) await allowed.settled();
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.replace(ADDRESSES, ' ').match(/[A-Za-z]{2,}/g) ?? [])
      if (!allowed.has(word) && !LATIN_IN_HINDI.has(word)) words.add(word);
  return [...words].sort();
}
