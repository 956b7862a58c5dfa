import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

/** Every request the page sends for `path` (query included), from now on, and every one it cancels. */
function watchRequests(page: Page, path: string) {
  const sent: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) sent.push(request.url());
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === path)
      failed.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  return { sent, failed };
}

/** The demo Frontend roadmap, its id and the ids of its first `count` topics (as the public API gives them). */
async function frontendRoadmap(request: APIRequestContext, count: number) {
  const list = (await (await request.get('/api/roadmap/published?search=Frontend%20Developer')).json()) as {
    roadmaps: Array<{ id: string; nodeCount: number }>;
  };
  const roadmap = list.roadmaps[0];
  if (!roadmap) throw new Error('the demo seed has no Frontend Developer roadmap');
  const graph = (await (await request.get(`/api/roadmap/${roadmap.id}`)).json()) as {
    nodes: Array<{ id: string }>;
  };
  return {
    id: roadmap.id,
    nodeCount: roadmap.nodeCount,
    nodeIds: graph.nodes.slice(0, count).map((node) => node.id),
  };
}

/** A signed-in reader who marked `done` topics of the Frontend roadmap done and one more in progress. */
async function readerWithProgress(context: BrowserContext, done: number) {
  await signUpThroughApi(context, { name: 'Meera', email: newEmail() });
  const roadmap = await frontendRoadmap(context.request, done + 1);
  for (const [index, nodeId] of roadmap.nodeIds.entries()) {
    const marked = await context.request.put(`/api/roadmap/${roadmap.id}/progress`, {
      data: { nodeId, status: index < done ? 'done' : 'in_progress' },
    });
    expect(marked.status(), await marked.text()).toBe(200);
  }
  return roadmap;
}

test.describe('one request for the published list, not two', () => {
  test('a visitor who is not signed in', async ({ page }) => {
    const published = watchRequests(page, '/api/roadmap/published');
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Frontend Developer/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(published.failed).toEqual([]);
    expect(published.sent).toHaveLength(1);
  });

  test('a returning reader who is signed in', async ({ context, page }) => {
    await signUpThroughApi(context, { name: 'Meera', email: newEmail() });
    const published = watchRequests(page, '/api/roadmap/published');
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Frontend Developer/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(published.failed).toEqual([]);
    expect(published.sent).toHaveLength(1);
  });
});

test('searching "flexbox" finds the Frontend roadmap by its topic and says so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search roadmaps' }).fill('flexbox');
  const card = page.getByRole('link', { name: /Frontend Developer/ });
  await expect(card).toContainText('Matches topic: Flexbox');
  await expect(page.getByRole('link', { name: /Backend/ })).toHaveCount(0);
});

test('a signed-in reader continues learning from the home page', async ({ context, page }) => {
  const roadmap = await readerWithProgress(context, 2);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Continue learning' });
  const card = section.getByRole('link', { name: /Frontend Developer/ });
  await expect(card).toContainText(`2 of ${roadmap.nodeCount} topics done`);
  await expect(card.getByRole('progressbar', { name: 'Progress in Frontend Developer' })).toHaveAttribute(
    'aria-valuenow',
    '2',
  );
  await expectNoSeriousA11yViolations(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/roadmap/${roadmap.id}$`));
});

test('a reader without progress gets no Continue learning row', async ({ context, page }) => {
  await signUpThroughApi(context, { name: 'Meera', email: newEmail() });
  const progress = watchRequests(page, '/api/roadmap/progress/mine');
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Frontend Developer/ })).toBeVisible();
  await expect.poll(() => progress.sent.length).toBe(1);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Continue learning' })).toHaveCount(0);
});

test('the header links to the roadmap list, by keyboard too, with the current page marked', async ({
  page,
}) => {
  await page.goto('/login');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: 'Roadmaps' });
  await expect(link).not.toHaveAttribute('aria-current', 'page');
  // Skip link, brand, then the navigation.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/#roadmaps$/);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Roadmaps to follow' })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Mentors' })).toHaveAttribute('href', '/explore-mentors');
});

test('the header navigation fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roadmaps' });
  await expect(link).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get started' })).toBeVisible();
});

// Screenshots for a person to look at (test-results/e2e/home-*.png); the checks above are the tests.
for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`home page screenshots, ${theme}, ${width} px`, async ({ browser }, testInfo) => {
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
        try {
          if (signedIn) await readerWithProgress(context, 12);
          const page = await context.newPage();
          if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
          await page.goto('/');
          await expect(page.getByRole('link', { name: /Frontend Developer/ }).first()).toBeVisible();
          if (signedIn) await expect(page.getByRole('heading', { name: 'Continue learning' })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.screenshot({
            path: testInfo.outputPath(`home-${signedIn ? 'signed-in' : 'signed-out'}-${theme}-${width}.png`),
            fullPage: true,
          });
        } finally {
          await context.close();
        }
      }
    });
  }
}
