import { expect, test } from '@playwright/test';
import { newEmail, signIn, signUp } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

test('a notification reaches only its person, live: a toast and the badge there, nothing in the other browser', async ({ browser }) => {
  const asha = { name: 'Asha', email: newEmail() };
  const ravi = { name: 'Ravi', email: newEmail() };
  const ashaContext = await browser.newContext();
  const raviContext = await browser.newContext();
  const otherDevice = await browser.newContext();
  try {
    const ashaPage = await ashaContext.newPage();
    const raviPage = await raviContext.newPage();
    await signUp(ashaPage, asha);
    await signUp(raviPage, ravi);

    // Each has their welcome notification.
    const ashaBell = ashaPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    const raviBell = raviPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(ashaBell).toContainText('1');
    await expect(raviBell).toContainText('1');

    // Asha signs in on another device: her open browser is told at once.
    const devicePage = await otherDevice.newPage();
    await signIn(devicePage, asha.email);
    await expect(devicePage).toHaveURL(/\/$/);

    await expect(ashaPage.getByText('New sign-in to your account').first()).toBeVisible();
    await expect(ashaBell).toContainText('2');

    // Ravi's browser hears nothing.
    await raviPage.waitForTimeout(1500);
    await expect(raviPage.getByText('New sign-in to your account')).toHaveCount(0);
    await expect(raviBell).toContainText('1');

    // The list: newest first, and marking all read clears the badge.
    await ashaBell.click();
    await expect(ashaPage).toHaveURL(/\/notifications$/);
    const items = ashaPage.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('New sign-in to your account');
    await expectNoSeriousA11yViolations(ashaPage);
    await ashaPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(ashaBell).not.toContainText(/\d/);
  } finally {
    await Promise.all([ashaContext.close(), raviContext.close(), otherDevice.close()]);
  }
});

test('after the connection drops, the bell catches up without a reload', async ({ browser }) => {
  const asha = { name: 'Meera', email: newEmail() };
  const context = await browser.newContext();
  const otherDevice = await browser.newContext();
  try {
    const page = await context.newPage();
    await signUp(page, asha);
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toContainText('1');

    // Offline (laptop asleep): the socket drops and the sign-in elsewhere happens meanwhile.
    await context.setOffline(true);
    const devicePage = await otherDevice.newPage();
    await signIn(devicePage, asha.email);
    await expect(devicePage).toHaveURL(/\/$/);
    // Nothing reaches the sleeping browser: the socket is really down.
    await page.waitForTimeout(1500);
    await expect(bell).toContainText('1');
    await context.setOffline(false);

    await expect(bell).toContainText('2', { timeout: 15_000 });
  } finally {
    await Promise.all([context.close(), otherDevice.close()]);
  }
});
