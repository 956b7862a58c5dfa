/**
 * A path from a guard's redirect state that is safe to go back to after signing in: a path on this
 * site. Anything else (another origin, "//evil.example", a value that is not a string) gives null.
 */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return null;
  return from;
}

/**
 * Where to go once signed in: the page a guard or a button sent the visitor from (router state `from`), or
 * `?returnTo=` for a link from outside the app, such as the sandbox checkout's Sign in. Either must be a path
 * on this site.
 */
export function returnPathOf(location: { state: unknown; search: string }): string | null {
  const state = location.state as { from?: unknown } | null;
  return safeReturnPath(state?.from) ?? safeReturnPath(new URLSearchParams(location.search).get('returnTo'));
}

/** A return path the api serves itself (the sandbox checkout), which only a full page load reaches. */
export const isServerPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
