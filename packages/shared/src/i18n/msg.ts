/**
 * A message written in its English source, outside a component: the catalogue check finds it by this call, and
 * `sourceOf` turns its English text back into the source and values, so a rule's message (a zod schema's,
 * written once in English) reads in the reader's language on both sides.
 *
 * Only plain `{name}` placeholders. Most messages are made once, when their module loads; the few made from a
 * request's values (a count, a name) are remembered among the latest MADE_KEPT, so memory stays bounded, and an
 * older one reads in English again.
 */
const MADE_KEPT = 5_000;
const made = new Map<string, { source: string; values: Record<string, string | number> }>();

/** `source` with its plain `{name}` placeholders filled in from `values` (one without a value stays as written). */
export function fillPlaceholders(source: string, values: Record<string, unknown>): string {
  return source.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

export function msg(source: string, values?: Record<string, string | number>): string {
  if (values === undefined) return source;
  const text = fillPlaceholders(source, values);
  made.delete(text);
  made.set(text, { source, values });
  if (made.size > MADE_KEPT) made.delete(made.keys().next().value!);
  return text;
}

/** The source and values an English text was made from by `msg`; the text itself when it was written whole. */
export function sourceOf(text: string): { source: string; values?: Record<string, string | number> } {
  return made.get(text) ?? { source: text };
}
