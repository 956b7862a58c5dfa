import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { catalogueFiles, readCatalogue, readCatalogueFile } from '../../packages/shared/src/i18n/compile';
import { LOCALES } from '../../packages/shared/src/i18n/locales';
import { extractMessages } from './messages';

const extracted = extractMessages();
const others = LOCALES.filter((locale) => locale !== 'en');

/**
 * The names a message fills in (`{name}`, `{count, plural, …}`), from its compiled form: a list of texts and
 * tokens (`[name]`, `[name, type]`, `[name, type, options]`), a plural's or select's options being lists again.
 */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const list = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) if (Array.isArray(part)) token(part);
  };
  const token = ([name, , options]: unknown[]): void => {
    if (typeof name === 'string') names.add(name);
    if (options !== null && typeof options === 'object') Object.values(options).forEach(list);
  };
  list(compileMessage(message));
  return [...names].sort();
}

describe('the messages the product writes', () => {
  it('are written where they are used, as literals, and never when a module loads', () => {
    expect(extracted.problems).toEqual([]);
  });

  it('leave no user-visible string outside a message in the translated folders', () => {
    expect(extracted.literals).toEqual([]);
  });

  it('leave no sentence the api or a shared rule writes for people outside a message', () => {
    expect(extracted.sentences).toEqual([]);
  });

  it('are each valid ICU', () => {
    const broken = [...extracted.messages.keys()].filter((source) => {
      try {
        compileMessage(source);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });
});

describe.each(others)('the %s catalogue', (locale) => {
  const catalogue = readCatalogue(locale);

  it('translates every message', () => {
    const missing = [...extracted.messages]
      .filter(([source]) => catalogue[source] === undefined)
      .map(([source, found]) => `${found[0]!.file}:${found[0]!.line}: ${source}`);
    expect(missing).toEqual([]);
  });

  it('holds no message the product no longer writes', () => {
    expect(Object.keys(catalogue).filter((source) => !extracted.messages.has(source))).toEqual([]);
  });

  it('fills in the same names as the English, in valid ICU', () => {
    const mismatched = Object.entries(catalogue).filter(([source, text]) => {
      try {
        return placeholders(source).join() !== placeholders(text).join();
      } catch {
        return true;
      }
    });
    expect(mismatched.map(([source, text]) => `${source} → ${text}`)).toEqual([]);
  });

  it('translates each message in one file only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const file of catalogueFiles(locale)) {
      const name = path.basename(file);
      for (const source of Object.keys(readCatalogueFile(file))) {
        if (seen.has(source)) twice.push(`${source}: ${seen.get(source)} and ${name}`);
        seen.set(source, name);
      }
    }
    expect(twice).toEqual([]);
  });

  it('writes something in every entry', () => {
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
