import type { Page } from '@playwright/test';

/**
 * The script bytes a visit of `path` fetches over the wire (each script's encoded body as the server sent it,
 * brotli here), counted until no more was asked for a second: code loaded after the first paint is the page's too.
 */
export async function scriptBytesOf(page: Page, path: string): Promise<{ bytes: number; files: number }> {
  const pending: Promise<number>[] = [];
  let requested = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested += 1;
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      pending.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  for (let seen = -1; seen !== requested || pending.length !== requested;) {
    seen = requested;
    await page.waitForTimeout(1000);
  }
  const sizes = await Promise.all(pending);
  return { bytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length };
}
