import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { foreignOriginMessage } from './origin-check';

describe('the origin check, over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://skillroute.example' } });
  });
  afterAll(() => t.close());

  it('refuses a state-changing request from another site with a 403 envelope, before routing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: foreignOriginMessage,
      errors: [{ message: foreignOriginMessage }],
    });
  });

  it('lets the same request from PUBLIC_URL, or without an Origin, reach routing', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/anything',
          headers: { origin: 'https://skillroute.example' },
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/anything', payload: {} })).statusCode).toBe(404);
  });

  it('never blocks a read', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(200);
  });
});
