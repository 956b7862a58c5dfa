import { ADMIN_REFRESH_PATH, REFRESH_PATH } from '@skillroute/shared/constants';
import { IDEMPOTENCY_KEY_HEADER } from '@skillroute/shared/marketplace-limits';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { sessionExpired } from './session';

export type AppBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
>;

/** Admin calls are written both as '/api/admin/...' and 'api/admin/...' (spec §7), some as 'admin/...'. */
export function isAdminPath(url: string): boolean {
  return /^\/?(api\/)?admin(\/|\?|$)/.test(url);
}

/** The refresh call that renews the session a failed call belongs to. */
export function refreshPathFor(url: string): string {
  return isAdminPath(url) ? ADMIN_REFRESH_PATH : REFRESH_PATH;
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/**
 * Makes 'api/admin/roadmap' (as spec §7 writes some paths) root-relative. With the empty base URL a
 * browser would otherwise resolve it against the current page: /admin/api/admin/roadmap.
 */
function rootRelative(args: string | FetchArgs): string | FetchArgs {
  const url = urlOf(args);
  if (url.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(url)) return args;
  return typeof args === 'string' ? `/${url}` : { ...args, url: `/${url}` };
}

/**
 * Calls that prove who someone is rather than use a session: their 401 means "wrong e-mail or password"
 * (or code), not "session expired", so it goes straight back to the form. Refreshing there would be a
 * wasted call, and a refused refresh would sign out a session that has nothing to do with the form.
 */
const CREDENTIAL_PATHS = new Set([
  REFRESH_PATH,
  ADMIN_REFRESH_PATH,
  '/api/auth',
  '/api/auth/login',
  '/api/auth/google-login',
  '/api/auth/verify-otp',
  '/api/auth/resent-otp',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/admin/login',
]);

export function skipsRefresh(url: string): boolean {
  const path = (url.startsWith('/') ? url : `/${url}`).split('?')[0]!.replace(/\/$/, '');
  return CREDENTIAL_PATHS.has(path);
}

/** The Web Lock every tab of this origin takes around a refresh of one kind of session (user or admin). */
export function refreshLockName(path: string): string {
  return `skillroute-refresh:${path}`;
}

/**
 * Runs `work` while holding the named lock across every tab of the origin (Web Locks), so two tabs whose
 * access tokens expired together refresh one after the other, each with the cookie the last one left,
 * instead of sending the same refresh token twice. Where Web Locks are missing, within this tab only.
 */
function acrossTabs<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The DOM types wrap the callback's promise once more than the browser does; `then` unwraps it.
  return locks === undefined ? work() : locks.request(name, work).then((result) => result);
}

/** A fresh key per user action; `randomUUID` exists only in secure contexts (HTTPS, localhost). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The call with a fresh `Idempotency-Key` (DESIGN.md §4b): the server answers a repeat of it with its first
 * answer, so the base query may send it again when the first try's fate is unknown. Called in an endpoint's
 * `query`, which runs once per user action.
 */
export function withIdempotencyKey(args: FetchArgs): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  return { ...args, headers: Object.fromEntries(headers) };
}

function carriesIdempotencyKey(args: string | FetchArgs): boolean {
  return (
    typeof args !== 'string' &&
    new Headers(args.headers as HeadersInit | undefined).has(IDEMPOTENCY_KEY_HEADER)
  );
}

/**
 * A 502 (a proxy lost the api process mid-request) or no answer at all: the call may or may not have
 * happened, which only a repeat with the same key can tell.
 */
function fateUnknown({ error }: { error?: FetchBaseQueryError }): boolean {
  if (error === undefined) return false;
  // A proxy's 502 page is HTML, which reads as a parsing error of a 502.
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  return status === 502 || status === 'FETCH_ERROR';
}

/**
 * The base query of the one API slice (spec §4, §7, §8): same origin, cookies on every call, no timeout.
 * A 401 triggers one refresh call and, when it succeeds, one replay of the original call. Concurrent
 * 401s share a single refresh, because refresh tokens rotate and a reused one revokes the whole session
 * family on the server; across tabs, a Web Lock keeps refreshes one at a time. When the server refuses the refresh, the local session ends (user and admin flag)
 * and the caller gets its original 401. A refresh that fails for network reasons (FETCH_ERROR) does not
 * sign anyone out: the session may still be good, and the next call tries again.
 * A call carrying an Idempotency-Key is sent once more, with the same key, after a 502 or a network error.
 */
export function createBaseQueryWithReauth(baseUrl = ''): AppBaseQuery {
  const rawBaseQuery = fetchBaseQuery({ baseUrl, credentials: 'include' });
  const refreshes = new Map<string, Promise<boolean>>();

  function refreshSession(path: string, api: BaseQueryApi): Promise<boolean> {
    const running = refreshes.get(path);
    if (running) return running;
    // Its own abort signal: one caller cancelling must not cancel the refresh the others wait for.
    const refreshApi: BaseQueryApi = { ...api, signal: new AbortController().signal };
    const refresh = acrossTabs(refreshLockName(path), async () =>
      rawBaseQuery({ url: path, method: 'POST' }, refreshApi, {}),
    )
      .then((result) => {
        if (!result.error) return true;
        if (typeof result.error.status === 'number') api.dispatch(sessionExpired());
        return false;
      })
      .finally(() => refreshes.delete(path));
    refreshes.set(path, refresh);
    return refresh;
  }

  const send: typeof rawBaseQuery = async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    if (!fateUnknown(result) || !carriesIdempotencyKey(args) || api.signal.aborted) return result;
    return rawBaseQuery(args, api, extraOptions);
  };

  return async (rawArgs, api, extraOptions) => {
    const args = rootRelative(rawArgs);
    const url = urlOf(args);
    if (skipsRefresh(url)) return rawBaseQuery(args, api, extraOptions);

    // A call made while its session is being refreshed waits, instead of failing with 401 first.
    const path = refreshPathFor(url);
    const pending = refreshes.get(path);
    if (pending) await pending;

    const result = await send(args, api, extraOptions);
    if (result.error?.status !== 401) return result;

    const refreshed = await refreshSession(path, api);
    if (!refreshed) return result;
    return send(args, api, extraOptions);
  };
}
