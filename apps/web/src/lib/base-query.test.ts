import { ADMIN_REFRESH_PATH, REFRESH_PATH } from '@skillroute/shared/constants';
import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBaseQueryWithReauth,
  isAdminPath,
  refreshLockName,
  refreshPathFor,
  skipsRefresh,
  withIdempotencyKey,
} from './base-query';

/** What RTK Query hands a base query, as much of it as the base query reads. */
const baseQueryApi = (endpoint: string, type: 'query' | 'mutation') =>
  ({
    signal: new AbortController().signal,
    dispatch: vi.fn(),
    getState: () => ({}),
    abort: vi.fn(),
    extra: undefined,
    endpoint,
    type,
  }) as unknown as BaseQueryApi;

// The refresh-and-replay behaviour is tested through the real store in app/session-refresh.test.ts.
describe('paths', () => {
  it.each([
    ['/api/admin/roadmap', true],
    ['api/admin/roadmap?status=drafted', true],
    ['admin/roadmap', true],
    ['/api/admin', true],
    ['/api/user/1', false],
    ['/api/administrators', false],
  ])('%s is an admin path: %s', (url, admin) => {
    expect(isAdminPath(url)).toBe(admin);
    expect(refreshPathFor(url)).toBe(admin ? ADMIN_REFRESH_PATH : REFRESH_PATH);
  });
});

describe('calls that never trigger a refresh', () => {
  it.each([
    ['/api/auth/', true],
    ['/api/auth/login', true],
    ['api/auth/verify-otp', true],
    ['/api/auth/resent-otp', true],
    ['/api/auth/google-login', true],
    ['/api/auth/forgot-password', true],
    ['/api/auth/reset-password', true],
    ['/api/admin/login', true],
    [REFRESH_PATH, true],
    [ADMIN_REFRESH_PATH, true],
    ['/api/auth/session', false],
    ['/api/auth/logout', false],
    ['/api/admin/me', false],
    ['/api/user/update', false],
  ])('%s skips the refresh: %s', (url, skips) => {
    expect(skipsRefresh(url)).toBe(skips);
  });
});

describe('refreshing in several tabs at once', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes a Web Lock around each refresh, so two tabs never send a refresh token at the same time', async () => {
    // A lock manager shared by the "tabs" (two base queries), as the browser shares one across a site's tabs.
    let tail = Promise.resolve();
    const taken: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (name: string, work: () => Promise<unknown>) => {
          taken.push(name);
          const run = tail.then(work);
          tail = run.then(
            () => undefined,
            () => undefined,
          );
          return run;
        },
      },
    });
    let refreshing = 0;
    let overlapped = false;
    let refreshed = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (new URL(request.url).pathname === REFRESH_PATH) {
          refreshing += 1;
          overlapped ||= refreshing > 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          refreshing -= 1;
          refreshed += 1;
          return new Response('{}', { status: 200 });
        }
        return new Response(
          JSON.stringify(refreshed > 0 ? { ok: true } : { message: 'expired', errors: [] }),
          { status: refreshed > 0 ? 200 : 401 },
        );
      }),
    );
    const api = baseQueryApi('probe', 'query');
    const [tabA, tabB] = [
      createBaseQueryWithReauth('http://localhost'),
      createBaseQueryWithReauth('http://localhost'),
    ];
    const results = await Promise.all([tabA('/api/user/1', api, {}), tabB('/api/user/1', api, {})]);
    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }]);
    expect(overlapped).toBe(false);
    expect(taken).toEqual([refreshLockName(REFRESH_PATH), refreshLockName(REFRESH_PATH)]);
  });
});

describe('calls with an Idempotency-Key', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const api = () => baseQueryApi('createBooking', 'mutation');

  /** A server that fails the first call as `first` says, then answers 201; it records each call's key. */
  function serverFailingFirst(first: () => Response) {
    const keys: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1 ? first() : new Response('{"booking":{"id":"b"}}', { status: 201 });
      }),
    );
    return keys;
  }
  const booking = () => withIdempotencyKey({ url: '/api/bookings', method: 'POST', body: { mentorId: 'm' } });

  it.each([
    ['a 502', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('sends the call once more with the same key after %s', async (_, first) => {
    const keys = serverFailingFirst(first);
    const result = await createBaseQueryWithReauth('http://localhost')(booking(), api(), {});
    expect(result.data).toEqual({ booking: { id: 'b' } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends it only once more, and a call without a key not again', async () => {
    const keys: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return new Response('{}', { status: 502 });
      }),
    );
    const baseQuery = createBaseQueryWithReauth('http://localhost');
    expect((await baseQuery(booking(), api(), {})).error?.status).toBe(502);
    expect(keys).toHaveLength(2);
    await baseQuery({ url: '/api/user/update', method: 'PUT', body: {} }, api(), {});
    expect(keys).toHaveLength(3);
  });

  it('gives each user action its own key', () => {
    const key = (args: ReturnType<typeof booking>) =>
      new Headers(args.headers as HeadersInit).get('Idempotency-Key');
    expect(key(booking())).not.toBe(key(booking()));
  });
});
