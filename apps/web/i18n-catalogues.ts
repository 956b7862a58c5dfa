import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES } from '../../packages/shared/src/i18n/locales';
import {
  catalogueFiles,
  compileCatalogue,
  needsIcu,
  readCatalogue,
} from '../../packages/shared/src/i18n/compile';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:skillroute-catalogue/';
const RESOLVED = `\0${PREFIX}`;

/** A `t('…')` or `t("…")` call's message, as the module reads once the build has made it JavaScript. */
const T_CALL = /\bt\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;

/** The text of a one-line JavaScript string literal. */
function literalText(literal: string): string {
  const inner = literal.slice(1, -1);
  const quote = literal[0];
  // As a JSON string: a single-quoted literal's \' and bare " turned into JSON's forms.
  const json = quote === "'" ? inner.replace(/\\'/g, "'").replace(/(^|[^\\])"/g, '$1\\"') : inner;
  return JSON.parse(`"${json}"`) as string;
}

/**
 * Serves `virtual:skillroute-catalogue/<locale>`: a language's messages compiled at build time, so the browser runs
 * `@lingui/core` without a message parser, each language its own chunk, loaded by those who read it.
 *
 * English has no catalogue: a message reads as written. The few whose English needs ICU (plurals) are compiled
 * into the module that writes them, which hands them to `knowEnglish` as it loads: a page carries only its own.
 */
export function catalogues(): Plugin {
  return {
    name: 'skillroute:catalogues',
    resolveId(source) {
      if (!source.startsWith(PREFIX)) return null;
      const locale = source.slice(PREFIX.length);
      if (locale === 'en' || !(LOCALES as readonly string[]).includes(locale)) return null;
      return `${RESOLVED}${locale}`;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const locale = id.slice(RESOLVED.length) as (typeof LOCALES)[number];
      // Each file, not their folder: Vite makes a watched file an import of the module that asked (its import
      // analysis, in dev and under vitest), and a folder cannot be imported.
      for (const file of LOCALES.flatMap(catalogueFiles)) this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalogue(readCatalogue(locale)))};`;
    },
    transform(code, id) {
      if (!/\/apps\/web\/src\/.+\.[jt]sx?$/.test(id) || /\/lib\/i18n\.ts$/.test(id) || !code.includes('t('))
        return null;
      const icu: Record<string, unknown> = {};
      for (const [, literal = ''] of code.matchAll(T_CALL)) {
        const source = literalText(literal);
        if (needsIcu(source)) icu[source] = compileMessage(source);
      }
      if (Object.keys(icu).length === 0) return null;
      // Appended, so every line keeps its place for the source map; imports are hoisted, and the call runs as the
      // module loads, before anything it exports can render.
      return {
        code: `${code}\nimport { knowEnglish as __knowEnglish } from '@/lib/i18n';\n__knowEnglish(${JSON.stringify(icu)});\n`,
        map: null,
      };
    },
  };
}
