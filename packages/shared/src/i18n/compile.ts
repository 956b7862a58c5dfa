import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from './locales';

/** Where each language's catalogue lives: one JSON file per area of the product, English source → translation. */
const CATALOGUES_DIR = path.join(import.meta.dirname, 'catalogues');

/** A language's catalogue files, by name (none for English: its messages are their own sources). */
export function catalogueFiles(locale: Locale): string[] {
  const folder = path.join(CATALOGUES_DIR, locale);
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** One catalogue file's entries: English source → translation. */
export const readCatalogueFile = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** A language's catalogue, its files merged. */
export function readCatalogue(locale: Locale): Record<string, string> {
  return Object.assign({}, ...catalogueFiles(locale).map(readCatalogueFile)) as Record<string, string>;
}

/** Whether a source needs ICU to be written (a plural, a select, a formatted number), not just its `{name}`s. */
export const needsIcu = (source: string): boolean => /\{\s*\w+\s*,/.test(source);

/** Messages compiled for `@lingui/core`'s runtime, which then needs no parser. */
export function compileCatalogue(entries: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(entries).map(([id, text]) => [id, compileMessage(text)]));
}
