import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from './locales';

/** Where each language's catalogue lives: one JSON file per area of the product, English source → translation. */
export const CATALOGUES_DIR = path.join(import.meta.dirname, 'catalogues');

/** A language's catalogue files, merged (English has none: its messages are their own sources). */
export function readCatalogue(locale: Locale): Record<string, string> {
  const folder = path.join(CATALOGUES_DIR, locale);
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return {};
  }
  const merged: Record<string, string> = {};
  for (const file of files.sort())
    Object.assign(
      merged,
      JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>,
    );
  return merged;
}

/** Whether a source needs ICU to be written (a plural, a select, a formatted number), not just its `{name}`s. */
export const needsIcu = (source: string): boolean => /\{\s*\w+\s*,/.test(source);

/** Messages compiled for `@lingui/core`'s runtime, which then needs no parser. */
export function compileCatalogue(entries: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(entries).map(([id, text]) => [id, compileMessage(text)]));
}
