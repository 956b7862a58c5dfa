import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules a page imports for its first picture instead of the schemas beside them, so that the page does not
 * load zod (decision 067 and the bench's Lighthouse section): each must stay free of zod, however deep.
 */
const ZOD_FREE = [
  'auth-constants',
  'availability-constants',
  'i18n/locales',
  'i18n/msg',
  'i18n/translator',
  'learning-texts',
  'mentors-constants',
  'time-zones',
  'zone-formats',
];

/** The value imports of a module, followed through this package's relative imports. */
function valueImports(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const source = readFileSync(path.join(import.meta.dirname, `${name}.ts`), 'utf8');
  for (const [, specifier = ''] of source.matchAll(/^(?:import|export)(?! type)[^;]*?from '([^']+)'/gms)) {
    if (specifier.startsWith('.')) valueImports(path.posix.join(path.posix.dirname(name), specifier), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('modules kept free of zod', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through another module', (name) => {
    expect([...valueImports(name)]).not.toContain('zod');
  });

  it('notices zod when it is there', () => {
    expect([...valueImports('availability')]).toContain('zod');
  });
});
