import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminSignIn } from '../support/accounts';
import { bookAndPayThroughApi, mentorAndMentee } from '../support/bookings';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

/**
 * Issue 15 in a browser: an admin goes from the dashboard to a mentor in the users list, blocks them (which
 * signs them out, hides them and cancels their paid session with a refund) and unblocks them, refunds another
 * session from the bookings list, and finds all three actions at the top of the audit trail. Screenshots of
 * the dashboard in light, dark and at a phone's width go to the test's output folder.
 */

/** A name of letters (the spec's rule) no other test uses, so lists shared with other workers find one row. */
const uniqueName = (prefix: string) =>
  `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function rename(request: APIRequestContext, userId: string, name: string) {
  const renamed = await request.put('/api/user/update', { data: { userId, name } });
  expect(renamed.status(), await renamed.text()).toBe(200);
}

async function shoot(page: Page, name: string, path: string) {
  await page.screenshot({ path, fullPage: true });
  return name;
}

test('an admin reads the dashboard, blocks and unblocks a mentor, refunds a session and finds it all in the audit', async ({
  browser,
  mentorStack,
}, testInfo) => {
  test.slow(); // a long journey: three times the configured timeout
  const pair = await mentorAndMentee(browser, mentorStack.id);
  const adminContext = await browser.newContext({
    colorScheme: 'light',
    viewport: { width: 1280, height: 900 },
  });
  try {
    const mentorName = uniqueName('Kav');
    const menteeName = uniqueName('Mee');
    await rename(pair.mentorContext.request, pair.mentorId, mentorName);
    await rename(pair.menteeContext.request, pair.mentee.id, menteeName);
    const firstBooking = await bookAndPayThroughApi(pair);
    const mentorEmail = pair.mentorEmail;
    const page = await adminContext.newPage();
    const errors = watchConsoleErrors(page);
    await adminSignIn(page);

    // The dashboard: counts and, as a session was paid today, the charts (their chunk loads on its own).
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: /^Users: \d+$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Confirmed: [1-9]\d*$/ })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Revenue' }).locator('svg.recharts-surface')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'dashboard light', testInfo.outputPath('admin-dashboard-light-1280.png'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'dashboard dark', testInfo.outputPath('admin-dashboard-dark-1280.png'));
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'dashboard dark phone', testInfo.outputPath('admin-dashboard-dark-390.png'));
    await page.emulateMedia({ colorScheme: 'light' });
    await shoot(page, 'dashboard light phone', testInfo.outputPath('admin-dashboard-light-390.png'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // Users: the count links to the list; search finds the mentor by e-mail.
    await page.getByRole('link', { name: /^Mentors: \d+$/ }).click();
    await expect(page).toHaveURL(/\/admin\/user-management\?role=mentor$/);
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'roadmap-management' }),
    ).toBeVisible();
    await page.getByLabel('Search by name or e-mail').fill(mentorEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    const users = page.getByRole('list', { name: 'Users' });
    await expect(users.getByRole('listitem')).toHaveCount(1);
    await expect(users).toContainText(mentorEmail);

    await page.getByRole('button', { name: `Details of ${mentorName}` }).click();
    const sheet = page.getByRole('dialog', { name: mentorName });
    await expect(sheet.getByText(`Mentor to ${menteeName}`)).toBeVisible();
    await expect(sheet.getByText(mentorStack.name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Block, after the confirmation.
    await page.getByRole('button', { name: `Block ${mentorName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Block ${mentorName}?` });
    await expect(confirm).toContainText('signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText(`${mentorName} is blocked`, { exact: true })).toBeVisible();
    await expect(users.getByText('Blocked', { exact: true })).toBeVisible();
    await shoot(page, 'users light', testInfo.outputPath('admin-users-light-1280.png'));

    // The mentor is signed out, cannot sign in, is gone from the listing; the paid session was cancelled and refunded.
    expect((await pair.mentorContext.request.get('/api/auth/session')).status()).toBe(401);
    const signInAgain = await pair.mentorContext.request.post('/api/auth/login', {
      data: { email: mentorEmail, password: 'roadmap2026' },
    });
    expect(signInAgain.status()).toBe(403);
    const listing = (await (
      await pair.menteeContext.request.get(`/api/mentor/${encodeURIComponent(mentorStack.name)}`)
    ).json()) as { mentors: Array<{ id: string }> };
    expect(listing.mentors.map((mentor) => mentor.id)).not.toContain(pair.mentorId);
    const cancelled = (await (
      await pair.menteeContext.request.get(`/api/bookings/detail/${firstBooking}`)
    ).json()) as { booking: { status: string; refund?: { amount: number } } };
    expect(cancelled.booking).toMatchObject({ status: 'cancelled', refund: { amount: 100_000 } });

    await page.getByRole('button', { name: `Unblock ${mentorName}` }).click();
    await page
      .getByRole('alertdialog', { name: `Unblock ${mentorName}?` })
      .getByRole('button', { name: 'Unblock' })
      .click();
    await expect(page.getByText(`${mentorName} is unblocked`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Block ${mentorName}` })).toBeVisible();

    // Bookings: the same hour, booked and paid again, refunded in full from the list.
    const secondBooking = await bookAndPayThroughApi(pair);
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await expect(page).toHaveURL(/status=confirmed/);
    const row = page
      .getByRole('list', { name: 'Bookings' })
      .getByRole('listitem')
      .filter({ hasText: `${menteeName} with ${mentorName}` })
      // The list before the filter applied also holds the first, cancelled session of the same hour.
      .filter({ hasText: 'Confirmed' });
    await expect(row).toContainText('₹1,000');
    await row.getByRole('button', { name: `Refund the session of ${menteeName} with ${mentorName}` }).click();
    const refund = page.getByRole('dialog', { name: 'Refund ₹1,000 in full?' });
    await refund.getByLabel('Reason').fill('no');
    await refund.getByRole('button', { name: 'Refund in full' }).click();
    await expect(refund.getByText('The reason must be at least 5 characters.')).toBeVisible();
    await refund.getByLabel('Reason').fill('The mentor asked us to cancel.');
    await expectNoSeriousA11yViolations(page);
    await refund.getByRole('button', { name: 'Refund in full' }).click();
    await expect(page.getByText(`₹1,000 to ${menteeName}: done.`, { exact: true })).toBeVisible();
    const refunded = (await (
      await pair.menteeContext.request.get(`/api/bookings/detail/${secondBooking}`)
    ).json()) as { booking: { status: string; refund?: { reason: string } } };
    expect(refunded.booking).toMatchObject({ status: 'cancelled', refund: { reason: 'refunded_by_admin' } });
    // The list says why the money went back: the session is cancelled now, so it is under Cancelled.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(
      page
        .getByRole('list', { name: 'Bookings' })
        .getByRole('listitem')
        .filter({ hasText: `${menteeName} with ${mentorName}` })
        .getByText('Refund: refunded by an admin'),
    ).toBeVisible();
    await shoot(page, 'bookings light', testInfo.outputPath('admin-bookings-light-1280.png'));

    // Audit: the three actions, newest first. Other workers' admin actions may interleave, so look for these three in order.
    await nav.getByRole('link', { name: 'Audit' }).click();
    const entries = page.getByRole('list', { name: 'Admin actions' }).getByRole('listitem');
    await expect(entries.first()).toBeVisible();
    const texts = await entries.allTextContents();
    // The refunded booking is named by its two people, not by an id.
    const refundAt = texts.findIndex(
      (text) =>
        text.includes(`Refunded a booking: ${menteeName} with ${mentorName}`) &&
        text.includes('The mentor asked us to cancel.'),
    );
    const unblockAt = texts.findIndex(
      (text) => text.includes('Unblocked a user') && text.includes(mentorName),
    );
    const blockAt = texts.findIndex((text) => text.includes('Blocked a user') && text.includes(mentorName));
    expect(refundAt).toBeGreaterThanOrEqual(0);
    expect([refundAt < unblockAt, unblockAt < blockAt]).toEqual([true, true]);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'audit dark phone', testInfo.outputPath('admin-audit-dark-390.png'));

    expect(errors).toEqual([]);
  } finally {
    await adminContext.close();
    await pair.mentorContext.close();
    await pair.menteeContext.close();
  }
});
