import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string, parsed (`?skip=20` gives query.get('skip') === '20'). */
  query: URLSearchParams;
  /** The parsed JSON body, the FormData of a multipart body, or null. */
  body: unknown;
}

type Reply = Response | Promise<Response>;
/** Handlers keyed by "METHOD /path" (query string excluded); a missing key answers 404. */
export type Routes = Record<string, (call: RecordedCall) => Reply>;

export function json(status: number, body: unknown = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The error envelope of DESIGN.md §4. */
export function envelope(status: number, message: string, extra: { field?: string; reason?: string } = {}): Response {
  const { field, reason } = extra;
  return json(status, { message, errors: [field ? { message, field } : { message }], ...(reason ? { reason } : {}) });
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A stand-in server at the global fetch, as the app's base query calls it; records every call. */
export function serve(routes: Routes) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const call = { method: input.method, path: url.pathname, query: url.searchParams, body: await readBody(input) };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : envelope(404, 'Not found.');
    }),
  );
  return {
    calls,
    /** Calls other than the ones every page makes on its own (the session check, the public config). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
