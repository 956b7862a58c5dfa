import { apiResponses } from '@skillroute/shared/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers';

/** "METHOD /path" with `:name` parameters and no trailing slash, as packages/shared api-contract keys routes. */
const keyOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/+$/, '$1')}`;

/** The fields of a JSON schema, all the way down: enough to tell a renamed, added or dropped field. */
function fieldsOf(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { properties, items, anyOf, type } = schema as {
    properties?: Record<string, unknown>;
    items?: unknown;
    anyOf?: unknown[];
    type?: unknown;
  };
  if (properties)
    return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, fieldsOf(field)]));
  if (items) return [fieldsOf(items)];
  // Nullable reads `anyOf: [X, null]` or `type: [x, 'null']` in zod's JSON schema and `nullable: true` in
  // OpenAPI 3.0: the fields are X's.
  if (anyOf) {
    const fields = anyOf.map(fieldsOf).filter((field) => field !== 'null');
    return fields.length === 1 ? fields[0] : fields;
  }
  return Array.isArray(type) ? type.filter((name) => name !== 'null').join() : type;
}

describe('the api contract the web tests check their fixtures against', () => {
  let t: TestApp;
  let documented: Map<string, Record<string, { content?: Record<string, { schema: unknown }> }>>;
  beforeAll(async () => {
    t = await buildTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    documented = new Map();
    for (const [path, operations] of Object.entries<
      Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
    >(document.paths)) {
      for (const [method, operation] of Object.entries(operations))
        documented.set(keyOf(method, path), operation.responses);
    }
  });
  afterAll(() => t.close());

  it('lists every route of the api, and no other', () => {
    const contract = Object.keys(apiResponses).map((route) =>
      keyOf(...(route.split(' ') as [string, string])),
    );
    expect(new Set(contract)).toEqual(new Set(documented.keys()));
  });

  it('gives each route the success statuses and the response schemas the api declares', () => {
    for (const [route, responses] of Object.entries(apiResponses)) {
      const declared = documented.get(keyOf(...(route.split(' ') as [string, string])))!;
      expect(
        Object.keys(declared).filter((status) => status.startsWith('2')),
        route,
      ).toEqual(Object.keys(responses));
      for (const [status, schema] of Object.entries(responses)) {
        const served = declared[status]?.content?.['application/json']?.schema;
        expect(fieldsOf(served), `${route} ${status}`).toEqual(
          fieldsOf(z.toJSONSchema(schema as z.ZodType, { io: 'output' })),
        );
      }
    }
  });
});
