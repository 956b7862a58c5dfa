/**
 * A LIKE/ILIKE pattern that finds `text` anywhere: `\`, `%` and `_` typed into a search box are escaped so
 * they are letters, not wildcards (backslash is PostgreSQL's default LIKE escape). Always sent as a
 * parameter, never spliced into SQL; how case folds is the query's choice (ILIKE, or lower() on both sides).
 */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** `text` taken literally inside a LIKE pattern. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (match) => `\\${match}`);
