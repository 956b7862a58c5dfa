import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

describe('the API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document generated from the zod schemas at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths['/api/health'].get;
    expect(health.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: {
        status: { enum: ['ok', 'degraded', 'draining'] },
        db: { enum: ['ok', 'down'] },
        storage: { enum: ['ok', 'unwritable'] },
      },
    });
    expect(Object.keys(health.responses['503'].content['application/json'].schema.properties)).toEqual([
      'message',
      'errors',
      'reason',
      'status',
      'db',
      'storage',
    ]);
    // The SPA's catch-all is not part of the API.
    expect(Object.keys(document.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(redirect.statusCode);
  });
});
