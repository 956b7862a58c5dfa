/**
 * A message written in its English source, outside a component: the catalogue check finds it by this call, and
 * `sourceOf` turns its English text back into the source and values, so a rule's message (a zod schema's,
 * written once in English) reads in the reader's language on both sides.
 *
 * Only plain `{name}` placeholders: a rule's message is made once, when its module loads, from constants.
 */
const made = new Map<string, { source: string; values: Record<string, string | number> }>();

export function msg(source: string, values?: Record<string, string | number>): string {
  if (values === undefined) return source;
  const text = source.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  made.set(text, { source, values });
  return text;
}

/** The source and values an English text was made from by `msg`; the text itself when it was written whole. */
export function sourceOf(text: string): { source: string; values?: Record<string, string | number> } {
  return made.get(text) ?? { source: text };
}
