import { expect, test } from '@playwright/test';

// The served product as a browser sees it: one origin for the SPA and the API.
test('the API answers on the same origin, with the error envelope for unknown paths', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });

  const missing = await request.get('/api/no-such-endpoint');
  expect(missing.status()).toBe(404);
  const body = (await missing.json()) as { message: string; errors: { message: string }[] };
  expect(typeof body.message).toBe('string');
  expect(Array.isArray(body.errors)).toBe(true);
});

test('deep links are served the app (history fallback), never a server 404 page', async ({ request }) => {
  const response = await request.get('/profile/general');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(await response.text()).toContain('<div id="root"');
});

test('the API reference is browsable at /api/docs', async ({ page }) => {
  // Swagger UI is a large bundle that fetches the document and only then renders: wait for each step.
  const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/docs/json');
  await page.goto('/api/docs');
  expect((await document).status()).toBe(200);
  await expect(page.getByText('/api/health').first()).toBeVisible();
});
