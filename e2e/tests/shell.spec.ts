import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

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
