import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';
import { frontendRoadmapId } from '../support/roadmaps';

const notFoundText = "Oops! The page you're looking for seems not found.";

test('the home page loads with no console errors and leads to sign-up', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Skillroute' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get started' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login',
  );
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('dark mode survives a reload and turns off again', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('banner').getByRole('button', { name: /dark mode/i });
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);

  await toggle.click();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /dark mode/i })
    .click();
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.reload();
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
});

test('an unknown path shows the 404 page and its button leads home', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto('/no/such/page');
  await expect(page.getByText(notFoundText)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the store is persisted under "root" without the roadMap slice', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:root'))).not.toBeNull();
  const persisted = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('persist:root'))) ?? '{}',
  ) as Record<string, unknown>;
  expect(Object.keys(persisted)).toEqual(expect.arrayContaining(['theme', 'auth', 'adminAuth']));
  expect(persisted).not.toHaveProperty('roadMap');
});

test('F8 moves focus to the notifications viewport', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A signed-out visitor's toaster is loaded by the first toast or by F8 itself, which then focuses its region.
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).not.toBeAttached();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
});

/** The style an element of the page would have: an element added for the reading, then taken away again. */
function animationOf(page: Page, className: string, slot?: string) {
  return page.evaluate(
    ([className, slot]) => {
      const element = document.createElement('div');
      element.className = className;
      if (slot) element.dataset.slot = slot;
      document.body.append(element);
      const { animationDuration, animationIterationCount } = getComputedStyle(element);
      element.remove();
      return { animationDuration, animationIterationCount };
    },
    [className, slot] as const,
  );
}

test('whoever asks for less motion gets the topic drawer without its slide and a still skeleton, and a spinner that turns', async ({
  browser,
  request,
}) => {
  const frontendId = await frontendRoadmapId(request);
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto(`/roadmap/${frontendId}`);
    await page.locator('[data-roadmap-picture] [data-id]').filter({ hasText: 'How the web works' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('How the web works');
    const slide = await drawer.evaluate((element) => getComputedStyle(element).animationDuration);
    expect(slide, reducedMotion).toBe(reducedMotion === 'reduce' ? '0.001s' : '0.5s');
    // Radix waits for the closing animation to end before it takes the drawer away; it still ends.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    expect(await animationOf(page, 'animate-pulse'), `a skeleton, ${reducedMotion}`).toEqual(
      reducedMotion === 'reduce'
        ? { animationDuration: '0.001s', animationIterationCount: '1' }
        : { animationDuration: '2s', animationIterationCount: 'infinite' },
    );
    expect(await animationOf(page, 'animate-spin', 'spinner'), `a spinner, ${reducedMotion}`).toEqual({
      animationDuration: '1s',
      animationIterationCount: 'infinite',
    });
    await context.close();
  }
});

for (const theme of ['light', 'dark'] as const) {
  for (const [name, path] of [
    ['home', '/'],
    ['404', '/no/such/page'],
  ] as const) {
    test(`no serious accessibility violations on the ${name} page in ${theme} mode`, async ({ page }) => {
      if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
