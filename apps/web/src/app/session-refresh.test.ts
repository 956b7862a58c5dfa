// The base query (lib/base-query.ts) driven through the app's real store and API slice, so a failed
// refresh is seen where it matters: in the auth and adminAuth slices. It lives in app/ because lib
// may not import features.
import { ADMIN_REFRESH_PATH, REFRESH_PATH } from '@skillroute/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminLogin } from '@/features/admin/admin-auth-slice';
import { login } from '@/features/auth/auth-slice';
import { makeTestStore } from '@/test/render';
import { api } from '@/lib/api';

/** An endpoint that calls whatever path it is given, through the app's real base query. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (url) => url }) }),
});

type Handler = (request: Request) => Response | Promise<Response>;

/** A stand-in server at the global fetch: records every request and answers with `handler`. */
function serve(handler: Handler) {
  const calls: string[] = [];
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(input);
      const url = new URL(input.url);
      calls.push(`${input.method} ${url.pathname}${url.search}`);
      return handler(input);
    }),
  );
  return { calls, requests };
}

function json(status: number, body: unknown = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

let store: ReturnType<typeof makeTestStore>;

function probe(url: string) {
  return store.dispatch(probeApi.endpoints.probe.initiate(url, { subscribe: false, forceRefetch: true }));
}

beforeEach(() => {
  store = makeTestStore();
  store.dispatch(login(ada));
  store.dispatch(adminLogin());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the base query', () => {
  it('sends cookies and talks to the same origin', async () => {
    const { requests } = serve(() => json(200, { ok: true }));
    const result = await probe('/api/user/1');
    expect(result.data).toEqual({ ok: true });
    expect(requests[0]?.credentials).toBe('include');
    expect(new URL(requests[0]?.url ?? '').origin).toBe(window.location.origin);
  });

  it('answers a 401 with exactly one refresh and exactly one replay', async () => {
    let userCalls = 0;
    const { calls } = serve((request) => {
      if (request.url.endsWith(REFRESH_PATH)) return json(200);
      userCalls += 1;
      return userCalls === 1 ? json(401, { message: 'expired', errors: [] }) : json(200, { name: 'Ada' });
    });
    const result = await probe('/api/user/1');
    expect(result.data).toEqual({ name: 'Ada' });
    expect(calls).toEqual(['GET /api/user/1', `POST ${REFRESH_PATH}`, 'GET /api/user/1']);
    expect(store.getState().auth.user).toEqual(ada);
  });

  it('returns the replay failure without refreshing again (once per failed request)', async () => {
    const { calls } = serve((request) => (request.url.endsWith(REFRESH_PATH) ? json(200) : json(401)));
    const result = await probe('/api/user/1');
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toEqual(['GET /api/user/1', `POST ${REFRESH_PATH}`, 'GET /api/user/1']);
  });

  it('signs out locally and clears the admin flag when the refresh is refused, and returns the original failure', async () => {
    const { calls } = serve((request) =>
      request.url.endsWith(REFRESH_PATH)
        ? json(401, { message: 'no session', errors: [] })
        : json(401, { message: 'expired', errors: [] }),
    );
    const result = await probe('/api/user/1');
    expect(result.error).toEqual({ status: 401, data: { message: 'expired', errors: [] } });
    expect(calls).toEqual(['GET /api/user/1', `POST ${REFRESH_PATH}`]);
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().adminAuth.isAuth).toBe(false);
  });

  it('keeps the session when the refresh fails for network reasons', async () => {
    serve((request) => {
      if (request.url.endsWith(REFRESH_PATH)) throw new TypeError('Failed to fetch');
      return json(401);
    });
    const result = await probe('/api/user/1');
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().auth.user).toEqual(ada);
  });

  it.each(['/api/admin/roadmap?status=drafted', 'api/admin/roadmap?status=published'])(
    'refreshes %s with the admin refresh call',
    async (url) => {
      let first = true;
      const { calls } = serve((request) => {
        if (request.url.endsWith(ADMIN_REFRESH_PATH)) return json(200);
        if (request.url.endsWith(REFRESH_PATH)) throw new Error('the user refresh must not be called');
        const status = first ? 401 : 200;
        first = false;
        return json(status, []);
      });
      const result = await probe(url);
      expect(result.data).toEqual([]);
      expect(calls[1]).toBe(`POST ${ADMIN_REFRESH_PATH}`);
      expect(calls).toHaveLength(3);
    },
  );

  it('calls a path written without its leading slash from the site root, whatever page is open', async () => {
    window.history.pushState({}, '', '/admin/roadmap-management');
    const { calls } = serve(() => json(200, []));
    await probe('api/admin/roadmap?status=drafted');
    window.history.pushState({}, '', '/');
    expect(calls).toEqual(['GET /api/admin/roadmap?status=drafted']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshed = false;
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { calls } = serve(async (request) => {
      if (request.url.endsWith(REFRESH_PATH)) {
        await refreshGate;
        refreshed = true;
        return json(200);
      }
      return refreshed ? json(200, { path: new URL(request.url).pathname }) : json(401);
    });
    const results = Promise.all([
      probe('/api/user/1'),
      probe('/api/roadmap'),
      probe('/api/user/notifications/a@b.c'),
    ]);
    await vi.waitFor(() => expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1), {
      timeout: 10_000,
    });
    releaseRefresh();
    const [a, b, c] = await results;
    expect([a.data, b.data, c.data]).toEqual([
      { path: '/api/user/1' },
      { path: '/api/roadmap' },
      { path: '/api/user/notifications/a@b.c' },
    ]);
    expect(calls.filter((call) => call === `POST ${REFRESH_PATH}`)).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('never refreshes for the refresh call itself', async () => {
    const { calls } = serve(() => json(401));
    const result = await probe(REFRESH_PATH);
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toEqual([`GET ${REFRESH_PATH}`]);
    expect(store.getState().auth.user).toEqual(ada);
  });

  it('answers a refused sign-in with its own 401: no refresh, and no other session is touched', async () => {
    const { calls } = serve(() => json(401, { message: 'Incorrect e-mail or password.', errors: [] }));
    const result = await probe('/api/auth/login');
    expect(result.error).toMatchObject({ status: 401, data: { message: 'Incorrect e-mail or password.' } });
    expect(calls).toEqual(['GET /api/auth/login']);
    expect(store.getState().adminAuth.isAuth).toBe(true);
  });

  it('passes the fetch layer errors through: FETCH_ERROR and PARSING_ERROR', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await probe('/api/user/1')).error).toMatchObject({ status: 'FETCH_ERROR' });

    const { calls } = serve(
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect((await probe('/api/user/2')).error).toMatchObject({
      status: 'PARSING_ERROR',
      originalStatus: 200,
    });
    expect(calls).toEqual(['GET /api/user/2']);
  });
});
