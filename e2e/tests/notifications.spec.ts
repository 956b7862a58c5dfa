import { expect, test } from '@playwright/test';
import { newEmail, signIn, signUpThroughApi } from '../support/accounts';
import { watchLiveSocket } from '../support/live-socket';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

// Sign-up is accounts.spec.ts's subject; here people arrive signed up (through the API) and open the app.

test('a notification reaches only its person, live: a toast and the badge there, nothing in the other browser', async ({
  browser,
}) => {
  const asha = { name: 'Asha', email: newEmail() };
  const ravi = { name: 'Ravi', email: newEmail() };
  const ashaContext = await browser.newContext();
  const raviContext = await browser.newContext();
  const otherDevice = await browser.newContext();
  try {
    await Promise.all([signUpThroughApi(ashaContext, asha), signUpThroughApi(raviContext, ravi)]);
    const ashaPage = await ashaContext.newPage();
    const raviPage = await raviContext.newPage();
    const ashaSocket = watchLiveSocket(ashaPage);
    const raviSocket = watchLiveSocket(raviPage);
    await Promise.all([ashaPage.goto('/'), raviPage.goto('/')]);

    // Each has their welcome notification.
    const ashaBell = ashaPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    const raviBell = raviPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(ashaBell).toContainText('1');
    await expect(raviBell).toContainText('1');
    // Both are listening before anything happens: otherwise Ravi's silence below would prove nothing.
    await expect
      .poll(ashaSocket.connections, { message: "Asha's notification socket connects" })
      .toBeGreaterThan(0);
    await expect
      .poll(raviSocket.connections, { message: "Ravi's notification socket connects" })
      .toBeGreaterThan(0);

    // Asha signs in on another device: her open browser is told at once.
    const devicePage = await otherDevice.newPage();
    await signIn(devicePage, asha.email);
    await expect(devicePage).toHaveURL(/\/$/);

    await expect(ashaPage.getByText('New sign-in to your account').first()).toBeVisible();
    await expect(ashaBell).toContainText('2');

    // Ravi's browser hears nothing. Absence has no event to wait for: a grace period after Asha heard it.
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
    await signUpThroughApi(context, asha);
    const page = await context.newPage();
    const socket = watchLiveSocket(page);
    await page.goto('/');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toContainText('1');
    await expect.poll(socket.connections, { message: 'the notification socket connects' }).toBeGreaterThan(0);

    // Offline (laptop asleep): the socket drops and the sign-in elsewhere happens meanwhile.
    await context.setOffline(true);
    const devicePage = await otherDevice.newPage();
    await signIn(devicePage, asha.email);
    await expect(devicePage).toHaveURL(/\/$/);
    // Nothing reaches the sleeping browser: the socket is really down.
    await page.waitForTimeout(1500);
    await expect(bell).toContainText('1');
    await context.setOffline(false);

    // Back online, the bell re-reads the count by itself. (Chromium's offline emulation left the
    // established WebSocket open in a run on 2026-11-23, so this does not insist on a reconnect.)
    await expect(bell).toContainText('2');
  } finally {
    await Promise.all([context.close(), otherDevice.close()]);
  }
});
