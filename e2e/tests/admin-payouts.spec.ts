import { expect, type Page } from '@playwright/test';
import { adminSignIn } from '../support/accounts';
import { bookAndPayThroughApi, mentorAndMentee } from '../support/bookings';
import { completeSessionInThePast } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

/** Screenshots to look at (not committed): set PAYOUTS_SHOTS=/tmp/some-folder. */
const shots = process.env.PAYOUTS_SHOTS;
async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/**
 * Issue 27, the admin's side: a mentor's payout to a UPI ID the sandbox fails; the mentor saves another; an
 * admin finds the failed payout under Payouts, retries it after a confirmation, and sees it paid and linked.
 */
test('an admin retries a failed payout from the Payouts page', async ({ browser, mentorStack }) => {
  test.slow(); // a mentor, a mentee and an admin on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  const adminContext = await browser.newContext({
    colorScheme: 'light',
    viewport: { width: 1280, height: 900 },
  });
  try {
    // ₹1,000 a session: the mentor's share is ₹882, available once the session is held.
    const bookingId = await bookAndPayThroughApi(pair);
    await completeSessionInThePast(bookingId);
    const mentor = pair.mentorContext.request;
    const method = (vpa: string) => mentor.put('/api/earnings/payout-method', { data: { type: 'upi', vpa } });
    expect((await method('kavya.fail@okhdfc')).status()).toBe(200);
    const asked = await mentor.post('/api/earnings/payouts', { data: { amount: 88_200 } });
    expect(asked.status(), await asked.text()).toBe(201);
    const failed = ((await asked.json()) as { payout: { id: string; status: string } }).payout;
    expect(failed.status).toBe('failed');
    expect((await method('kavya@okhdfc')).status()).toBe(200);

    const page = await adminContext.newPage();
    const errors = watchConsoleErrors(page);
    await adminSignIn(page);
    await expect(page.getByRole('link', { name: /^Paid out: ₹[\d,.]+$/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payouts' }).click();
    await expect(page).toHaveURL(/\/admin\/payouts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page).toHaveURL(/status=failed/);
    const row = page
      .getByRole('list', { name: 'Payouts' })
      .getByRole('listitem')
      .filter({ hasText: pair.mentorEmail });
    await expect(row).toContainText('₹882');
    await expect(row).toContainText('Failed: the bank declined the UPI ID');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'admin-payouts-failed-light-1280');

    await row.getByRole('button', { name: /^Retry the failed payout of ₹882/ }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Pay ₹882 to .* again\?$/ });
    await expect(dialog).toBeVisible();
    await shoot(page, 'admin-payouts-confirm-light-1280');
    await dialog.getByRole('button', { name: 'Retry payout' }).click();
    await expect(page.getByText(/^₹882 to .*: paid\.$/)).toBeVisible();
    await expect(row).toContainText('retried');
    await expect(row.getByRole('button', { name: /Retry/ })).toHaveCount(0);

    // The new payout, paid, among all of them.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid' }).click();
    const paid = page
      .getByRole('list', { name: 'Payouts' })
      .getByRole('listitem')
      .filter({ hasText: pair.mentorEmail });
    await expect(paid).toContainText('₹882');
    await expect(paid).toContainText('Retry');
    const paidOut = await mentor.get('/api/earnings');
    expect(await paidOut.json()).toMatchObject({ available: 0, paidOut: 88_200 });

    // Every money movement so far balances (the database would have refused one that did not).
    await page.getByRole('button', { name: 'Check the ledger' }).click();
    await expect(
      page.getByText(/^Balanced: all [\d,]+ transactions \([\d,]+ entries\) sum to zero\.$/),
    ).toBeVisible();

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'admin-payouts-paid-dark-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-payouts-paid-dark-390');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/admin/payouts?status=failed');
    await expect(row).toContainText('retried');
    await shoot(page, 'admin-payouts-failed-light-390');
    await page.goto('/admin/');
    await expect(page.getByRole('link', { name: /^Paid out: ₹[\d,.]+$/ })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'admin-dashboard-light-1280');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([adminContext.close(), pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
