import { LOCALES } from '../../packages/shared/src/i18n/locales';
import {
  CATALOGUES_DIR,
  compileCatalogue,
  compileEnglish,
  readCatalogue,
} from '../../packages/shared/src/i18n/compile';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:skillroute-catalogue/';
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
      this.addWatchFile(CATALOGUES_DIR);
      const others = LOCALES.filter((code) => code !== 'en');
      const messages =
        locale === 'en'
          ? compileEnglish(new Set(others.flatMap((code) => Object.keys(readCatalogue(code)))))
          : compileCatalogue(readCatalogue(locale));
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
