import { expect, test } from '@playwright/test';
import { demoAdmin, newEmail, password, signIn, signUp } from '../support/accounts';
import { readFromMail, resetLinkPattern } from '../support/mail';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

/** A real 1x1 PNG, so the server's content check and re-encoding have something true to work on. */
const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test('sign up with the mailed code, stay signed in, rename, and log out through the dialog', async ({
  page,
}) => {
  const email = newEmail();
  await signUp(page, { name: 'Asha', email });
  const banner = page.getByRole('banner');
  await expect(banner.getByText(email)).toBeVisible();

  await page.reload();
  await expect(banner.getByText(email)).toBeVisible();

  await banner.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/general$/);
  await page.getByRole('button', { name: /edit name/i }).click();
  const nameInput = page.getByLabel('Name');
  await nameInput.fill('Ab');
  await nameInput.press('Enter');
  await expect(page.getByText('Name must be at least 3 characters long')).toBeVisible();
  await nameInput.fill('Ashwini');
  await nameInput.press('Enter');
  await expect(
    page.getByText('Your profile information has been updated successfully.', { exact: true }),
  ).toBeVisible();
  await expect(banner.getByText('Ashwini')).toBeVisible();

  // A new avatar: picked, previewed, saved, and served back re-encoded.
  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(onePixelPng, 'base64') });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();
  await page.reload();
  // The avatar image appears once it has loaded from /uploads (Radix shows the fallback until then).
  await expect(page.locator('img[src*="/uploads/"]').first()).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you absolutely sure?')).toBeVisible();
  await expect(
    dialog.getByText('Are you sure you want to logout? This action will log you out of your account.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Signed out for real: the profile sends us to sign in.
  await page.goto('/profile/general');
  await expect(page).toHaveURL(/\/login$/);
});

test('forget the password, reset it from the mailed link, and sign in with the new one', async ({ page }) => {
  const email = newEmail();
  await signUp(page, { name: 'Ravi', email });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  const askedAt = Date.now();
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/if an account exists/i)).toBeVisible();
  const link = await readFromMail(email, resetLinkPattern, { after: askedAt - 1 });

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('newroute2026');
  await page.getByLabel('Confirm new password').fill('newroute2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, password);
  await expect(page.getByText('Incorrect e-mail or password.').first()).toBeVisible();
  await signIn(page, email, 'newroute2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
});

test('guards: anonymous users go to sign in, signed-in users leave the account pages, non-admins go to admin sign-in', async ({
  page,
}) => {
  await page.goto('/profile/general');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);

  const email = newEmail();
  await signUp(page, { name: 'Meera', email });
  // At phone width the edit pencils keep their size beside a long value (the e-mail).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/general');
  const pencils = page.locator('button svg.lucide-pencil');
  await expect(pencils.first()).toBeVisible();
  const widths = await pencils.evaluateAll((icons) =>
    icons.map((icon) => icon.getBoundingClientRect().width),
  );
  expect(widths.length).toBeGreaterThan(0);
  for (const width of widths) expect(width).toBeGreaterThanOrEqual(15);
  for (const path of ['/login', '/signup', '/forgot-password', '/reset-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  // A signed-in user is still not an admin.
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an admin signs in on the separate admin page, sees who is signed in, and signs out', async ({
  page,
}) => {
  // The demo seed made this admin with a password generated into the server's data folder.
  const admin = demoAdmin();

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Incorrect e-mail or password.').first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByText(admin.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The admin session is not a user session.
  await page.goto('/profile/general');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the account pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/signup', '/forgot-password', '/reset-password?token=abc', '/admin/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
