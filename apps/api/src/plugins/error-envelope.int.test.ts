import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessages } from '@skillroute/shared/errors';
import { JSON_NESTING_MAX, jsonNestingMessage } from '@skillroute/shared/marketplace-limits';
import { BODY_LIMIT_BYTES } from '../app';
import { buildTestApp, type TestApp } from '../../test/helpers';

// Probe routes registered through buildApp's extraRoutes: the real app, plus two doors to knock on.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-probe/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(2, 'Name is too short'),
          address: z.object({ city: z.string({ error: 'City is required' }) }),
        }),
        response: { 200: z.object({ name: z.string() }) },
      },
    },
    async (request) => ({ name: request.body.name }),
  );
  app.get(
    '/api/test-probe/explode',
    { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => {
      throw new Error('connection string postgres://secret@db leaked');
    },
  );
};

describe('the error envelope, over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ extraRoutes: [probeRoutes] });
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: errorMessages.notFound,
      errors: [{ message: 'Nothing answers GET /api/no-such-thing.' }],
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: errorMessages.malformedJson,
      errors: [{ message: errorMessages.malformedJson }],
    });
  });

  it('answers JSON nested deeper than the limit with 400, before any route reads it', async () => {
    const deep = `{"email":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const url of ['/api/test-probe/echo', '/api/auth/login']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        message: jsonNestingMessage,
        errors: [{ message: jsonNestingMessage }],
      });
    }
    const atTheLimit = `{"name":"Al","address":{"city":"Pune"},"x":${'['.repeat(JSON_NESTING_MAX - 1)}${']'.repeat(JSON_NESTING_MAX - 1)}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: atTheLimit,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers an oversized body with 413', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES + 10), address: { city: 'Pune' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(errorMessages.payloadTooLarge);
  });

  it('answers a content type it does not read with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(errorMessages.unsupportedMediaType);
  });

  it('answers a failed validation with 400 and one entry per field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      payload: { name: 'x', address: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: errorMessages.badRequest,
      errors: [
        { message: 'Name is too short', field: 'name' },
        { message: 'City is required', field: 'address.city' },
      ],
    });
  });

  it('filters the response through its schema', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/echo',
      payload: { name: 'Asha', address: { city: 'Pune' } },
    });
    expect(response.json()).toEqual({ name: 'Asha' });
  });

  it('answers an unexpected error with a generic 500: details in the log, never in the response', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test-probe/explode',
      headers: { 'x-request-id': 'probe-500' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: errorMessages.internal,
      errors: [{ message: errorMessages.internal }],
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('error-envelope.int.test');
    const logged = t.logs.find((line) => line.reqId === 'probe-500' && line.level === 50);
    expect(logged).toBeDefined();
    const err = logged?.err as { message: string; stack: string };
    expect(err.message).toContain('postgres://secret@db leaked');
    expect(err.stack).toContain('error-envelope.int.test.ts');
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'has spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once the budget is spent, the 404 handler included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: `/api/unknown-${i}` })).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      message: errorMessages.tooManyRequests,
      errors: [{ message: 'Too many requests. Please try again in 1 minute.' }],
    });
    // The same refusal, to a reader of Hindi.
    const inHindi = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { cookie: 'locale=hi' },
    });
    expect(inHindi.json()).toMatchObject({
      errors: [{ message: 'बहुत ज़्यादा अनुरोध। कृपया 1 मिनट बाद फिर कोशिश करें।' }],
    });
  });
});
