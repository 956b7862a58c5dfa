import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminSignIn, newEmail, signUpThroughApi } from '../support/accounts';
import { stackThroughApi } from '../support/assessments';
import { availabilityThroughApi, mentorThroughApi, slotsThroughApi } from '../support/mentors';
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

/** A mentor of a stack of their own (₹1,000 a session, 10:00 to 1:00 PM in Kolkata) and a mentee, both signed in. */
async function mentorAndMentee(browser: Browser, options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}): Promise<Pair> {
  const adminContext = await browser.newContext();
  let stackId: string;
  try {
    const admin = await adminContext.newPage();
    await adminSignIn(admin);
    stackId = await stackThroughApi(admin.request, `Bookings ${randomUUID().slice(0, 6)}`, 10);
  } finally {
    await adminContext.close();
  }
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

async function notificationTypes(request: APIRequestContext, email: string): Promise<string[]> {
  const answer = await request.get(`/api/user/notifications/${encodeURIComponent(email)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { notifications: { type: string }[] }).notifications.map((item) => item.type);
}

test('a mentee books and pays with the sandbox, both see the confirmed session and were told, and the mentee cancels with the refund shown', async ({ browser }) => {
  test.slow(); // an admin, a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser);
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

test('a declined card takes no money, frees the hour, and the pages pass axe in dark mode on a phone', async ({ browser }) => {
  test.slow(); // an admin, a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
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
