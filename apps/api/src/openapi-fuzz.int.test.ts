// Every operation of the OpenAPI document, knocked on with bad bodies, params and queries, as a stranger, a
// signed-in user and an admin: nothing may answer 5xx, and every refusal must be the envelope of DESIGN.md §4.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { adminCookieFor } from '../test/assessments';
import { buildTestApp, type TestApp } from '../test/helpers';
import { createSignedInUser } from '../test/sockets';
import { API_DOCS_PATH } from './plugins/api-docs';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
  contentType: string | undefined;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

// Values that have broken servers before: wrong types, the NUL character, huge and odd text, injections.
const BAD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(20_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '𝕏🙂\u202e',
  '-1',
  '1e309',
  'null',
];
const BAD_VALUES: unknown[] = [null, true, 0, -1, 1.5, 1e308, [], [null], {}, { $ne: null }, ...BAD_TEXT];
const BAD_PATH_SEGMENTS = [
  'x',
  '-1',
  '0',
  'null',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '..%2F..%2Fetc',
  "'%20or%201=1",
  'a'.repeat(150),
  'a'.repeat(1200),
  encodeURIComponent('𝕏🙂'),
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
];

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return document.components?.schemas?.[name] ?? {};
}

/** A value the schema would accept at first sight, so that each mutation tests one field at a time. */
function plausible(schema: JsonSchema, document: OpenApiDocument, depth = 0): unknown {
  const s = resolve(schema, document);
  if (s.enum !== undefined) return s.enum[0];
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  if (variant !== undefined) return plausible(variant, document, depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || s.properties !== undefined) {
    if (depth > 4) return {};
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([key, child]) => [key, plausible(child, document, depth + 1)]),
    );
  }
  if (type === 'array')
    return depth > 4 || s.items === undefined ? [] : [plausible(s.items, document, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'uri') return 'https://example.com/';
  return 'Plausible text';
}

/** The bodies to send: garbage of every shape, then the plausible body with one field at a time replaced. */
function badBodies(schema: JsonSchema | undefined, document: OpenApiDocument): unknown[] {
  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    {},
    { unknownField: 'x' },
    { __proto__: { polluted: true } },
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  ];
  if (schema === undefined) return bodies;
  const base = plausible(schema, document);
  bodies.push(base);
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return bodies;
  for (const key of Object.keys(base)) {
    for (const value of BAD_VALUES) bodies.push({ ...base, [key]: value });
    const { [key]: _left, ...without } = base as Record<string, unknown>;
    bodies.push(without);
  }
  return bodies;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name),
        queryParams: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
        body: contentType === undefined ? undefined : content[contentType]?.schema,
        contentType,
      };
    }),
  );
}

/** The operation's path with every parameter set to `segment` (already URL-encoded). */
function pathWith(operation: Operation, segment: (name: string) => string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => segment(name));
}

describe('every documented operation, fuzzed', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  const identities: Record<string, () => Record<string, string>> = {};

  beforeAll(async () => {
    // A budget no fuzz run reaches, so the answers are the routes' own and not 429s.
    t = await buildTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
    document = (await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` })).json<OpenApiDocument>();
    const user = await createSignedInUser(t, 'fuzz-user@example.com');
    const admin = await adminCookieFor(t);
    identities.stranger = () => ({});
    identities.user = () => ({ cookie: user.cookie });
    identities.admin = () => ({ cookie: admin });
  });
  afterAll(() => t.close());

  it('finds the operations to fuzz in the document', () => {
    expect(operationsOf(document).length).toBeGreaterThanOrEqual(45);
  });

  it(
    'answers every bad request without a 5xx, and every refusal in the envelope',
    { timeout: 600_000 },
    async () => {
      const failures: string[] = [];
      let sent = 0;
      // Sign-outs last, so the identities stay signed in for everything else.
      const operations = operationsOf(document).sort(
        (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
      );
      for (const operation of operations) {
        const requests: Array<{ url: string; payload?: string; contentType?: string }> = [];
        const plainPath = pathWith(operation, () => randomUUID());
        for (const segment of operation.pathParams.length > 0 ? BAD_PATH_SEGMENTS : [])
          requests.push({ url: pathWith(operation, () => segment) });
        for (const name of operation.queryParams)
          for (const value of BAD_TEXT)
            requests.push({ url: `${plainPath}?${name}=${encodeURIComponent(value)}` });
        requests.push({ url: `${plainPath}?unknown=%00&${'q'.repeat(50)}=${'v'.repeat(5000)}` });
        if (operation.contentType !== undefined || ['POST', 'PUT'].includes(operation.method)) {
          for (const body of badBodies(operation.body, document))
            requests.push({ url: plainPath, payload: JSON.stringify(body), contentType: 'application/json' });
          requests.push({ url: plainPath, payload: '{"broken": ', contentType: 'application/json' });
          requests.push({ url: plainPath, payload: 'a=1', contentType: 'application/x-www-form-urlencoded' });
          requests.push({
            url: plainPath,
            payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--',
            contentType: 'multipart/form-data; boundary=x',
          });
        }
        for (const [who, headers] of Object.entries(identities)) {
          for (const request of requests) {
            const response = await t.app.inject({
              method: operation.method as 'GET',
              url: request.url,
              headers: {
                ...headers(),
                ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
              },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            sent += 1;
            const label = `${who} ${operation.method} ${request.url.slice(0, 120)} ${request.payload?.slice(0, 120) ?? ''}`;
            if (response.statusCode >= 500)
              failures.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
            else if (response.statusCode >= 400) {
              const parsed = (() => {
                try {
                  return errorEnvelopeSchema.safeParse(response.json()).success;
                } catch {
                  return false;
                }
              })();
              if (!parsed)
                failures.push(
                  `${response.statusCode} outside the envelope: ${label}: ${response.body.slice(0, 200)}`,
                );
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(2000);
    },
  );
});
