/**
 * A message written in its English source, outside a component: the catalogue check finds it by this call, and
 * `sourceOf` turns its English text back into the source and values, so a rule's message (a zod schema's,
 * written once in English) reads in the reader's language on both sides.
 *
 * Only plain `{name}` placeholders; a value may itself be a message (a wait in words), which is translated with
 * it. Most messages are made once, when their module loads; the few made from a request's values (a count, a
 * name) are remembered among the latest MADE_KEPT (a text found again counts as new), so memory stays bounded,
 * and one neither made nor read for that long reads in English again.
 */
const MADE_KEPT = 5_000;
const made = new Map<string, { source: string; values: Record<string, string | number> }>();
/** Sources written whole (no values): as many as there are `msg` calls in the code, so kept for good. */
const whole = new Set<string>();

/** `source` with its plain `{name}` placeholders filled in from `values` (one without a value stays as written). */
export function fillPlaceholders(source: string, values: Record<string, unknown>): string {
  return source.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

function remember(text: string, found: { source: string; values: Record<string, string | number> }): void {
  made.delete(text);
  made.set(text, found);
  if (made.size > MADE_KEPT) made.delete(made.keys().next().value!);
}

export function msg(source: string, values?: Record<string, string | number>): string {
  if (values === undefined) {
    whole.add(source);
    return source;
  }
  const text = fillPlaceholders(source, values);
  remember(text, { source, values });
  return text;
}

/** The source and values an English text was made from by `msg`; the text itself when it was written whole. */
export function sourceOf(text: string): { source: string; values?: Record<string, string | number> } {
  const found = made.get(text);
  if (found === undefined) return { source: text };
  remember(text, found);
  return found;
}

/** Whether `msg` made this text: a value that is one (a wait in words) is translated with its message. */
export const isMessage = (text: string): boolean => whole.has(text) || made.has(text);
