import { expect, type Page } from '@playwright/test';
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

test('a mentor with a paid and held session opens Earnings from the profile menu and reads its split and net', async ({
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
    await expect(page.getByText('No payouts yet.')).toBeVisible();
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
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
