import { apiResponseSchema, apiRouteOf } from '@skillroute/shared/api-contract';
import { vi } from 'vitest';
import { z } from 'zod';

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
export function envelope(
  status: number,
  message: string,
  extra: { field?: string; reason?: string } = {},
): Response {
  const { field, reason } = extra;
  return json(status, {
    message,
    errors: [field ? { message, field } : { message }],
    ...(reason ? { reason } : {}),
  });
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * Refuses a reply the api could not send: its body must fit the shared schema of the route and status
 * (packages/shared api-contract), so a fixture cannot drift from the api. Throws, naming the route and
 * zod's issues.
 */
export async function checkReply(method: string, path: string, reply: Response): Promise<void> {
  if (notFromTheApi.has(reply)) return;
  const where = `The fake server's reply to ${method} ${path} (${reply.status})`;
  const route = apiRouteOf(method, path);
  if (!route) throw new Error(`${where}: the api has no such route (packages/shared/src/api-contract.ts).`);
  const schema = apiResponseSchema(route, reply.status);
  if (!schema)
    throw new Error(
      `${where}: ${route} never answers ${reply.status} (packages/shared/src/api-contract.ts).`,
    );
  const text = await reply.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${text.slice(0, 200)}`);
  }
  const result = schema.safeParse(body);
  if (!result.success)
    throw new Error(`${where} does not fit the api's schema of ${route}:\n${z.prettifyError(result.error)}`);
}

const notFromTheApi = new WeakSet<Response>();

/** A reply something between the browser and the api sends (a proxy's 502 page): no api schema applies. */
export function fromAProxy(reply: Response): Response {
  notFromTheApi.add(reply);
  return reply;
}

/** Replies refused since the last test ended; kept because a page may swallow the fetch's failure. */
const drifts: Error[] = [];

/** Refused replies of the test that just ran, each once; src/test/setup.ts fails the test with them. */
export function takeDrifts(): Error[] {
  return drifts.splice(0);
}

/**
 * A stand-in server at the global fetch, as the app's base query calls it; records every call. Every reply
 * is checked against the api's schema for its route (checkReply): a drifting one makes the fetch throw,
 * and fails the test after it even where the page shows the failure as any other network error.
 */
export function serve(routes: Routes) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const call = {
        method: input.method,
        path: url.pathname,
        query: url.searchParams,
        body: await readBody(input),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const reply = await (handler ? handler(call) : envelope(404, 'Not found.'));
      await checkReply(call.method, call.path, reply).catch((error: Error) => {
        drifts.push(error);
        throw error;
      });
      return reply;
    }),
  );
  return {
    calls,
    /** Calls other than the ones every page makes on its own (the session check, the public config). */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}
