import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { bookAndPayThroughApi, mentorAndMentee } from '../support/bookings';
import { completeSessionInThePast } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

/** Screenshots to look at (not committed): set EARNINGS_SHOTS=/tmp/some-folder. */
const shots = process.env.EARNINGS_SHOTS;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  // The month's bar, once drawn (recharts grows it in).
  await expect(page.locator('figure .recharts-bar-rectangle path')).toHaveCount(1);
  // The viewport, tall enough for the whole page: a full-page shot resizes it, and the chart grows in again.
  await page.screenshot({ path: `${shots}/${name}.png` });
}

test('a mentor with a paid and held session reads its split, adds a UPI ID, is paid out and downloads a statement', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    // ₹1,000: the platform's 10% is ₹100, GST of 18% on it ₹18, and the mentor's share ₹882.
    const bookingId = await bookAndPayThroughApi(pair);
    await completeSessionInThePast(bookingId);

    const page = await pair.mentorContext.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });
    const errors = watchConsoleErrors(page);
    await page.goto('/profile/general');
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Earnings' }).click();
    await expect(page).toHaveURL(/\/profile\/earnings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();

    const sessions = page.getByRole('table', { name: 'Sessions' });
    const row = sessions.getByRole('row').filter({ hasText: 'Meera' });
    await expect(row.getByRole('cell')).toHaveText([
      /GMT\+5:30$/,
      'Meera',
      '₹1,000',
      '₹100',
      '₹18',
      '₹882',
      'Completed',
    ]);
    await expect(page.getByText('Lifetime', { exact: true }).locator('xpath=..')).toContainText('₹882');
    await expect(page.getByText('Available', { exact: true }).locator('xpath=..')).toContainText('₹882');
    await expect(page.getByText('No payouts yet.')).toBeVisible();
    await expect(page.getByText('No payout method yet')).toBeVisible();
    // The chart's chunk came, with its numbers for screen readers.
    await expect(page.getByRole('figure', { name: 'Net earnings, last 12 months' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'earnings-light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(row.getByRole('cell').nth(5)).toHaveText('₹882');
    await expect(page.getByRole('figure', { name: 'Net earnings, last 12 months' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'earnings-dark');

    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.setViewportSize({ width: 390, height: 1500 });
    await page.reload();
    await expect(row.getByRole('cell').nth(5)).toHaveText('₹882');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'earnings-390');

    // A UPI ID, checked as it is typed, then a payout of the whole ₹882, by keyboard.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByRole('button', { name: 'Add payout method' }).click();
    const methodDialog = page.getByRole('dialog', { name: 'Where should we pay you?' });
    const vpa = methodDialog.getByLabel('UPI ID');
    await vpa.pressSequentially('meera.mentor@');
    await expect(methodDialog.getByText('Enter a UPI ID like name@bank')).toBeVisible();
    await vpa.pressSequentially('okaxis');
    await expect(methodDialog.getByText('Enter a UPI ID like name@bank')).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await vpa.press('Enter');
    await expect(methodDialog).toBeHidden();
    await expect(page.getByText('UPI me•••@okaxis', { exact: true })).toBeVisible();
    await expect(page.getByText('meera.mentor@okaxis')).toHaveCount(0);

    await page.getByRole('button', { name: 'Request payout' }).click();
    const payoutDialog = page.getByRole('dialog', { name: 'Request a payout' });
    await expect(payoutDialog.getByLabel('Amount (₹)')).toHaveValue('882');
    await expectNoSeriousA11yViolations(page);
    await payoutDialog.getByRole('button', { name: 'Pay out' }).click();
    await expect(payoutDialog).toBeHidden();
    const payouts = page.getByRole('table', { name: 'Payouts' });
    await expect(payouts.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'Paid',
      '₹882',
      /GMT\+5:30$/,
      /GMT\+5:30$/,
      'UPI me•••@okaxis',
    ]);
    await expect(page.getByText('Available', { exact: true }).locator('xpath=..')).toContainText('₹0');
    await expect(page.getByText('Paid out', { exact: true }).locator('xpath=..')).toContainText('₹882');
    await expect(page.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
    await shoot(page, 'earnings-paid-out');

    // A statement of the last month holds the session (held "yesterday"), its split in rupees.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From').fill(monthAgo);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^skillroute-statement-${monthAgo}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Date,Time,Booking,Mentee,Status,Price (INR),Platform fee (INR),GST on fee (INR),Net (INR)',
    );
    expect(csv).toContain(`${bookingId},Meera,completed,1000.00,100.00,18.00,882.00`);
    expect(errors).toEqual([]);

    // The mentee downloads the session's receipt from their bookings: a PDF with its number and the split.
    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
    await menteePage.goto('/profile/bookings');
    const receiptLink = menteePage.getByRole('link', { name: /^Download receipt SR\/\d{4}-\d{2}\/\d{6}$/ });
    await expect(receiptLink).toBeVisible();
    await expectNoSeriousA11yViolations(menteePage);
    const [receipt] = await Promise.all([menteePage.waitForEvent('download'), receiptLink.click()]);
    expect(receipt.suggestedFilename()).toMatch(/^receipt-SR-\d{4}-\d{2}-\d{6}\.pdf$/);
    const { text } = await extractText(new Uint8Array(readFileSync((await receipt.path())!)), {
      mergePages: true,
    });
    const number = (await receiptLink.textContent())!.replace('Download receipt ', '');
    expect(text).toContain(number);
    expect(text).toContain('INR 1,000.00');
    expect(text).toContain('Meera');
    expect(menteeErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
