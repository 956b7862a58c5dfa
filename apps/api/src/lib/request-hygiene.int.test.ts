import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorMessages } from '@skillroute/shared/errors';
import { NUL_CHARACTER_MESSAGE } from '@skillroute/shared/text';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createSignedInUser } from '../../test/sockets';

// Probe routes beside the real ones: a nested body, a lone path parameter, and a query that fails in PostgreSQL.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-probe/nested',
    { schema: { body: z.object({ nodes: z.array(z.object({ label: z.string() })) }) } },
    async () => ({ ok: true }),
  );
  app.post('/api/test-probe/items/:id', { schema: { params: z.object({ id: z.string() }) } }, async () => ({
    ok: true,
  }));
  app.post(
    '/api/test-probe/failing-query',
    { schema: { body: z.object({ secret: z.string() }) } },
    async (request) => {
      await app.db.execute(sql`select ${request.body.secret}::int as n`);
      return { ok: true };
    },
  );
};

describe('what every request gets, whatever the route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ extraRoutes: [probeRoutes] });
  });
  afterAll(() => t.close());

  describe('a NUL character in any text', () => {
    it('is refused with a 400 naming the field, in a query, a path and a body, before any query runs', async () => {
      const search = await t.app.inject({ method: 'GET', url: '/api/roadmap/published?search=%00' });
      expect(search.statusCode).toBe(400);
      expect(search.json()).toEqual({
        message: errorMessages.badRequest,
        errors: [{ message: NUL_CHARACTER_MESSAGE, field: 'search' }],
      });

      const path = await t.app.inject({ method: 'GET', url: '/api/roadmap/nodedetails/a%00b' });
      expect(path.statusCode).toBe(400);
      expect(path.json().errors).toEqual([{ message: NUL_CHARACTER_MESSAGE, field: 'id' }]);

      const nested = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe/nested',
        payload: { nodes: [{ label: 'ok' }, { label: 'in\u0000side' }] },
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().errors).toEqual([{ message: NUL_CHARACTER_MESSAGE, field: 'nodes.1.label' }]);
    });

    it('is refused in the fields a signed-in person writes (a roadmap title)', async () => {
      const { cookie } = await createSignedInUser(t, 'nul@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/roadmap',
        headers: { cookie },
        payload: { title: 'Ti\u0000tle', description: 'A roadmap' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({ message: NUL_CHARACTER_MESSAGE, field: 'title' });
    });
  });

  it('answers a path parameter over the router limit with 414 in the envelope', async () => {
    // A GET would fall through to the SPA's catch-all and answer 404; other methods meet the router's limit.
    const response = await t.app.inject({ method: 'POST', url: `/api/test-probe/items/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      message: errorMessages.uriTooLong,
      errors: [{ message: errorMessages.uriTooLong }],
    });
  });

  it('answers a malformed percent-encoding in the path with 400 in the envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test-probe/items/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: errorMessages.badRequest,
      errors: [{ message: errorMessages.badRequest }],
    });
  });

  it('marks every API answer no-store unless the route makes it public, errors included', async () => {
    const { cookie, id } = await createSignedInUser(t, 'store@example.com');
    for (const url of [
      '/api/auth/session',
      `/api/user/${id}`,
      '/api/user/notifications/store@example.com',
      '/api/no-such-route',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('never writes the parameters of a failed query to the log', async () => {
    const secret = 'hunter2-not-a-number';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/failing-query',
      payload: { secret },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(secret);
    const logged = t.logs.find((line) => line.msg === 'unexpected error while handling a request');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).not.toContain(secret);
    // What a reader needs is still there: the query and the SQLSTATE.
    expect(JSON.stringify(logged)).toContain('select $1::int as n');
    expect(JSON.stringify(logged)).toContain('22P02');
  });
});
