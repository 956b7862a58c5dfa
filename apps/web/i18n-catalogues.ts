import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../packages/shared/src/i18n/locales';
import {
  CATALOGUES_DIR,
  compileCatalogue,
  compileEnglish,
  readCatalogue,
} from '../../packages/shared/src/i18n/compile';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:skillroute-catalogue/';

/**
 * Every language's catalogue files. Watched one by one, not as their folder: Vite makes a watched file an import
 * of the module that asked (its import analysis, in dev and under vitest), and a folder cannot be imported.
 */
function catalogueFiles(): string[] {
  return LOCALES.flatMap((code) => {
    const folder = path.join(CATALOGUES_DIR, code);
    try {
      return readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .map((name) => path.join(folder, name));
    } catch {
      return [];
    }
  });
}
const RESOLVED = `\0${PREFIX}`;

/**
 * `virtual:skillroute-catalogue/<locale>`: a language's messages compiled at build time, so the browser runs
 * `@lingui/core` without a message parser. English compiles only its sources that need ICU (plurals); the others
 * read as written. Each language is its own module: the app imports English and loads any other on demand.
 */
export function catalogues(): Plugin {
  return {
    name: 'skillroute:catalogues',
    resolveId(source) {
      if (!source.startsWith(PREFIX)) return null;
      const locale = source.slice(PREFIX.length);
      if (!(LOCALES as readonly string[]).includes(locale)) return null;
      return `${RESOLVED}${locale}`;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const locale = id.slice(RESOLVED.length) as (typeof LOCALES)[number];
      for (const file of catalogueFiles()) this.addWatchFile(file);
      const others = LOCALES.filter((code) => code !== 'en');
      const messages =
        locale === 'en'
          ? compileEnglish(new Set(others.flatMap((code) => Object.keys(readCatalogue(code)))))
          : compileCatalogue(readCatalogue(locale));
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
