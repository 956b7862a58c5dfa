import { expect } from '@playwright/test';
import {
  bookAndPay,
  bookAndPayThroughApi,
  DECLINED,
  mentorAndMentee,
  SUCCEEDS,
  notificationTypes,
} from '../support/bookings';
import { completeSessionInThePast } from '../support/database';
import { slotsThroughApi, test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

test('a mentee books and pays with the sandbox, both see the confirmed session and were told, and the mentee cancels with the refund shown', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const page = await pair.menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    await bookAndPay(page, pair, SUCCEEDS);
    await expect(page.getByRole('heading', { name: 'Booking completed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile\/bookings$/);
    const mine = page.getByRole('list', { name: /^(Upcoming|Past) bookings$/ }).getByRole('article');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Mentor: Kavya');
    await expect(mine).toContainText('Confirmed');
    await expect(mine).toContainText('₹1,000');
    await expectNoSeriousA11yViolations(page);

    const mentorPage = await pair.mentorContext.newPage();
    await mentorPage.goto('/profile/bookings');
    const theirs = mentorPage.getByRole('list', { name: /^(Upcoming|Past) bookings$/ }).getByRole('article');
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText('Mentee: Meera');
    await expect(theirs).toContainText('Confirmed');

    await expect
      .poll(() => notificationTypes(page.request, pair.mentee.email))
      .toContain('booking_confirmed');
    await expect
      .poll(() => notificationTypes(mentorPage.request, pair.mentorEmail))
      .toContain('booking_confirmed');

    // More than 24 hours before the start: the mentee gets everything back.
    await mine.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await expect(dialog).toContainText('You will get ₹1,000 back.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel the session' }).click();
    await expect(dialog.getByText('Please give a reason for cancelling.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('A clash at work');
    await dialog.getByRole('button', { name: 'Cancel the session' }).click();
    await expect(dialog).toBeHidden();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toasts.getByText('Session cancelled')).toBeVisible();
    await expect(toasts.getByText('You will get ₹1,000 back.')).toBeVisible();
    await expect(mine).toContainText('Cancelled');
    await expect(mine).toContainText(/Refund₹1,000 · Refund(ed| pending)/);
    await expect(mine).toContainText('ReasonA clash at work');
    await expect(mine.getByRole('button')).toHaveCount(0);

    await mentorPage.reload();
    await expect(theirs).toContainText('Cancelled');
    await expect(theirs).toContainText('Cancelled byYour mentee');
    await expect
      .poll(() => notificationTypes(mentorPage.request, pair.mentorEmail))
      .toContain('booking_cancelled');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('a declined card takes no money, frees the hour, and the pages pass axe in dark mode on a phone', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id, {
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  try {
    const page = await pair.menteeContext.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await bookAndPay(page, pair, DECLINED);
    await expect(page.getByText('Your payment was declined. No money was taken.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Kavya' }).click();
    await expect(page).toHaveURL(new RegExp(`/mentor-profile/${pair.mentorId}$`));
    await expect.poll(() => notificationTypes(page.request, pair.mentee.email)).toContain('payment_failed');
    // The hour is free again.
    expect((await slotsThroughApi(page.request, pair.mentorId)).map((slot) => slot.startTime)).toContain(
      pair.slot,
    );

    await page.goto('/profile/bookings?status=payment_failed');
    const item = page.getByRole('list', { name: /^(Upcoming|Past) bookings$/ }).getByRole('article');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Payment failed');
    await expect(page.getByRole('combobox', { name: 'Show bookings' })).toHaveText('Payment failed');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('after a completed session the mentee reviews it by keyboard, and the mentor’s profile, card and notifications show it', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    await completeSessionInThePast(await bookAndPayThroughApi(pair));

    const page = await pair.menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto('/profile/bookings');
    const item = page.getByRole('list', { name: /^(Upcoming|Past) bookings$/ }).getByRole('article');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Completed');
    await item.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review your session' });
    await expect(dialog).toContainText('How was your session with Kavya?');
    await expectNoSeriousA11yViolations(page);

    // Arrow keys move through the stars and choose as they go, as in any radio group.
    const stars = dialog.getByRole('group', { name: 'Rating' });
    await stars.getByRole('radio', { name: '1 star' }).focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft'])
      await page.keyboard.press(key);
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeFocused();
    const comment = 'Kavya walked me through testing my service, step by step.';
    await dialog.getByLabel('Comment (optional)').fill(comment);
    await dialog.getByRole('button', { name: 'Send review' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Thank you for your review'),
    ).toBeVisible();
    await expect(item.getByText('Review: 4 out of 5 stars')).toBeAttached();
    await expect(item).toContainText(comment);
    await expect(item.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

    // The mentee's rating is public: on the mentor's card in the listing of the stack, and on the profile it opens.
    await page.goto(`/explore-mentors?${new URLSearchParams({ skill: mentorStack.name }).toString()}`);
    const profileLink = page.locator(`a[href="/mentor-profile/${pair.mentorId}"]`);
    const card = page
      .getByRole('region', { name: 'Mentors' })
      .getByRole('article')
      .filter({ has: profileLink });
    await expect(card).toContainText('4.0 (1 review) · 1 session held');
    await profileLink.click();
    await expect(page).toHaveURL(new RegExp(`/mentor-profile/${pair.mentorId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya' })).toBeVisible();
    await expect(page.getByText('4.0 (1 review)')).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews).toContainText(/4\.0\s*out of 5\s*1 review · 1 session held/);
    const review = reviews.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem');
    await expect(review).toHaveCount(1);
    await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(review).toContainText(comment);
    await expect(review).toContainText('Meera');
    await expect
      .poll(() => notificationTypes(pair.mentorContext.request, pair.mentorEmail))
      .toContain('review_received');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
