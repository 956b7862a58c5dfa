import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../packages/shared/src/i18n/compile';
import { LOCALES } from '../../packages/shared/src/i18n/locales';
import { extractMessages } from './messages';

const extracted = extractMessages();
const others = LOCALES.filter((locale) => locale !== 'en');

/** The names a message fills in (`{name}`, `{count, plural, …}`), from its compiled form. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  // A compiled message, like each option of a plural or a select, is a list of parts: a text, or a placeholder
  // (`[name]`, `[name, format]`, `[name, format, options]`). A text alone (`["Sign in"]`) names nothing.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      const options: unknown = part[2];
      if (options !== null && typeof options === 'object') Object.values(options).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the messages the product writes', () => {
  it('are written where they are used, as literals, and never when a module loads', () => {
    expect(extracted.problems).toEqual([]);
  });

  it('leave no user-visible string outside a message in the translated folders', () => {
    expect(extracted.literals).toEqual([]);
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

  it('writes something in every entry', () => {
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
