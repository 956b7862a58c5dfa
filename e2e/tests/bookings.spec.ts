import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { completeSessionInThePast } from '../support/database';
import { availabilityThroughApi, mentorThroughApi, slotsThroughApi, test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

const DAY_MS = 86_400_000;
const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

interface Pair {
  mentorContext: BrowserContext;
  menteeContext: BrowserContext;
  mentorId: string;
  mentee: { id: string; email: string };
  mentorEmail: string;
  /** A free hour more than two days off: the full refund tier, and no notice rule can take it meanwhile. */
  slot: string;
}

/**
 * A mentor of the worker's stack (mentors.ts `mentorStack`; ₹1,000 a session, 10:00 to 1:00 PM in Kolkata)
 * and a mentee, both signed in.
 */
async function mentorAndMentee(browser: Browser, stackId: string, options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}): Promise<Pair> {
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const menteeContext = await browser.newContext({ timezoneId: 'Asia/Kolkata', ...options });
  const mentorId = await mentorThroughApi(mentorContext, { name: 'Kavya', stackId });
  const mentorEmail = ((await (await mentorContext.request.get('/api/auth/session')).json()) as { user: { email: string } }).user.email;
  await availabilityThroughApi(mentorContext.request, mentorId, { timezone: 'Asia/Kolkata', hours: [10, 11, 12], price: 1000 });
  const email = newEmail();
  const mentee = { ...(await signUpThroughApi(menteeContext, { name: 'Meera', email })), email };
  const slots = await slotsThroughApi(menteeContext.request, mentorId);
  const slot = slots.find((free) => Date.parse(free.startTime) > Date.now() + 2 * DAY_MS);
  expect(slot, 'a free hour more than two days off').toBeDefined();
  return { mentorContext, menteeContext, mentorId, mentee, mentorEmail, slot: slot!.startTime };
}

/** Books the hour on the mentor's profile (chosen through ?slot=) and pays with `card` on the sandbox's checkout. */
async function bookAndPay(page: Page, pair: Pair, card: string) {
  await page.goto(`/mentor-profile/${pair.mentorId}?${new URLSearchParams({ slot: pair.slot }).toString()}`);
  const panel = page.getByRole('region', { name: 'Book a session' });
  await expect(panel.getByText('₹1,000')).toBeVisible();
  await expect(panel).toContainText('Cancel more than 24 hours before the start for a full refund');
  await panel.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(panel.getByText(/Slot held for 1[45]:\d\d/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Pay ₹1,000' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?bookingId=/);
}

/**
 * Books `pair.slot` and pays for it with the sandbox's succeeding card through the API, as the mentee: the
 * calls the profile's booking panel and the checkout form make (bookAndPay walks those pages). Returns the
 * confirmed booking's id.
 */
async function bookAndPayThroughApi(pair: Pair): Promise<string> {
  const request = pair.menteeContext.request;
  const booked = await request.post('/api/bookings', { data: { mentorId: pair.mentorId, startTime: pair.slot } });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
  const payment = await request.post('/api/payments/create', { data: { bookingId } });
  expect(payment.status(), await payment.text()).toBe(200);
  const { checkoutUrl } = (await payment.json()) as { checkoutUrl?: string };
  expect(checkoutUrl, 'the sandbox checkout').toBeDefined();
  const paid = await request.post(checkoutUrl!, { form: { cardNumber: SUCCEEDS.replaceAll(' ', '') }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  expect(paid.headers().location).toBe(`/payment-success?bookingId=${bookingId}`);
  return bookingId;
}

async function notificationTypes(request: APIRequestContext, email: string): Promise<string[]> {
  const answer = await request.get(`/api/user/notifications/${encodeURIComponent(email)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { notifications: { type: string }[] }).notifications.map((item) => item.type);
}

test('a mentee books and pays with the sandbox, both see the confirmed session and were told, and the mentee cancels with the refund shown', async ({ browser, mentorStack }) => {
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
    const mine = page.getByRole('list', { name: 'Your bookings' }).getByRole('article');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Mentor: Kavya');
    await expect(mine).toContainText('Confirmed');
    await expect(mine).toContainText('₹1,000');
    await expectNoSeriousA11yViolations(page);

    const mentorPage = await pair.mentorContext.newPage();
    await mentorPage.goto('/profile/bookings');
    const theirs = mentorPage.getByRole('list', { name: 'Your bookings' }).getByRole('article');
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText('Mentee: Meera');
    await expect(theirs).toContainText('Confirmed');

    await expect.poll(() => notificationTypes(page.request, pair.mentee.email)).toContain('booking_confirmed');
    await expect.poll(() => notificationTypes(mentorPage.request, pair.mentorEmail)).toContain('booking_confirmed');

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
    await expect.poll(() => notificationTypes(mentorPage.request, pair.mentorEmail)).toContain('booking_cancelled');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('a declined card takes no money, frees the hour, and the pages pass axe in dark mode on a phone', async ({ browser, mentorStack }) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
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
    expect((await slotsThroughApi(page.request, pair.mentorId)).map((slot) => slot.startTime)).toContain(pair.slot);

    await page.goto('/profile/bookings?status=payment_failed');
    const item = page.getByRole('list', { name: 'Your bookings' }).getByRole('article');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Payment failed');
    await expect(page.getByRole('combobox', { name: 'Show bookings' })).toHaveText('Payment failed');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('after a completed session the mentee reviews it by keyboard, and the mentor’s profile, card and notifications show it', async ({ browser, mentorStack }) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    await completeSessionInThePast(await bookAndPayThroughApi(pair));

    const page = await pair.menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto('/profile/bookings');
    const item = page.getByRole('list', { name: 'Your bookings' }).getByRole('article');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Completed');
    await item.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review your session' });
    await expect(dialog).toContainText('How was your session with Kavya?');
    await expectNoSeriousA11yViolations(page);

    // Arrow keys move through the stars and choose as they go, as in any radio group.
    const stars = dialog.getByRole('group', { name: 'Rating' });
    await stars.getByRole('radio', { name: '1 star' }).focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key);
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeFocused();
    const comment = 'Kavya walked me through testing my service, step by step.';
    await dialog.getByLabel('Comment (optional)').fill(comment);
    await dialog.getByRole('button', { name: 'Send review' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Thank you for your review')).toBeVisible();
    await expect(item.getByText('Review: 4 out of 5 stars')).toBeAttached();
    await expect(item).toContainText(comment);
    await expect(item.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

    // The mentee's rating is public: on the mentor's card in the listing of the stack, and on the profile it opens.
    await page.goto(`/explore-mentors?${new URLSearchParams({ skill: mentorStack.name }).toString()}`);
    const profileLink = page.locator(`a[href="/mentor-profile/${pair.mentorId}"]`);
    const card = page.getByRole('region', { name: 'Mentors' }).getByRole('article').filter({ has: profileLink });
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
    await expect.poll(() => notificationTypes(pair.mentorContext.request, pair.mentorEmail)).toContain('review_received');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
