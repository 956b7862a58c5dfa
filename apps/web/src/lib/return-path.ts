/**
 * A path from a guard's redirect state that is safe to go back to after signing in: a path on this
 * site. Anything else (another origin, "//evil.example", a value that is not a string) gives null.
 */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return null;
  return from;
}
