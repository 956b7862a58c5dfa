import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { newEmail, signUpThroughApi } from '../support/accounts';
import {
  bookAndPay,
  bookAndPayThroughApi,
  DECLINED,
  mentorAndMentee,
  SUCCEEDS,
  type Pair,
  sessionTimeIn,
} from '../support/bookings';
import { completeSessionInThePast } from '../support/database';
import { clockIn, slotsThroughApi, test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

// The booking journey of issue 26: coming back to one's own hold (2), another card after a decline (8), what
// the payment page says once paid (9), and the bookings in Upcoming and Past (10).

const ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;
const HOLDING = /You’re holding this hour — 1[45]:\d\d left/;

const profilePath = (pair: Pair) => `/mentor-profile/${pair.mentorId}`;
const panelOf = (page: Page) => page.getByRole('region', { name: 'Book a session' });

/** Free hours of the pair's mentor more than two days off, other than the pair's own. */
async function otherHours(pair: Pair, count: number): Promise<string[]> {
  const hours = (await slotsThroughApi(pair.menteeContext.request, pair.mentorId))
    .map((slot) => slot.startTime)
    .filter((start) => start !== pair.slot && Date.parse(start) > Date.now() + 2 * DAY_MS);
  expect(hours.length, 'enough free hours').toBeGreaterThanOrEqual(count);
  return hours.slice(0, count);
}

/** The profile shows the visitor's own hold: the panel counts it down and the picker marks the hour as theirs. */
async function expectOwnHold(page: Page, pair: Pair) {
  const panel = panelOf(page);
  await expect(panel.getByText(HOLDING)).toBeVisible();
  await expect(panel).toContainText(sessionTimeIn(pair.slot, ZONE));
  await expect(panel.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Pay ₹1,000' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `${clockIn(pair.slot, ZONE)}, held by you` }),
  ).toHaveAttribute('aria-pressed', 'true');
}

test('a mentee who reloads during a hold, or comes Back from the checkout, still holds the hour and pays for it', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const page = await pair.menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto(`${profilePath(pair)}?${new URLSearchParams({ slot: pair.slot }).toString()}`);
    await panelOf(page).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(panelOf(page).getByText(HOLDING)).toBeVisible();

    await page.reload();
    await expectOwnHold(page, pair);
    await expectNoSeriousA11yViolations(page);

    // Coming to the profile from elsewhere, with no hour in the address.
    await page.goto('/explore-mentors');
    await page.goto(profilePath(pair));
    await expectOwnHold(page, pair);

    await panelOf(page).getByRole('button', { name: 'Pay ₹1,000' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${profilePath(pair)}$`));
    await expectOwnHold(page, pair);

    // Pay continues the same hold.
    await panelOf(page).getByRole('button', { name: 'Pay ₹1,000' }).click();
    await page.getByLabel('Card number').fill(SUCCEEDS);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Booking completed' })).toBeVisible();
    const bookings = (await (await page.request.get(`/api/bookings/profile/${pair.mentee.id}`)).json()) as {
      bookings: { status: string }[];
    };
    expect(bookings.bookings.map((booking) => booking.status)).toEqual(['confirmed']);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('after a declined card the mentee tries another card for the same hour, and is told plainly once the hour is taken', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor, a mentee and a rival on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id, {
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  const rivalContext = await browser.newContext({ timezoneId: ZONE });
  try {
    const page = await pair.menteeContext.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await bookAndPay(page, pair, DECLINED);
    await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
    await expect(
      page.getByText('The hour is still free: hold it again and pay with another card.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Kavya' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Try another card' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByLabel('Card number').fill(SUCCEEDS);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Booking completed' })).toBeVisible();

    // Another hour, declined; meanwhile someone else books it.
    const [other] = await otherHours(pair, 1);
    const second = { ...pair, slot: other! };
    await bookAndPay(page, second, DECLINED);
    await expect(page.getByRole('button', { name: 'Try another card' })).toBeVisible();
    await signUpThroughApi(rivalContext, { name: 'Ravi', email: newEmail() });
    const taken = await rivalContext.request.post('/api/bookings', {
      data: { mentorId: pair.mentorId, startTime: second.slot },
    });
    expect(taken.status(), await taken.text()).toBe(201);
    await page.getByRole('button', { name: 'Try another card' }).click();
    await expect(page.getByText('This slot was just taken. Please choose another time.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try another card' })).toHaveCount(0);
    // Coming back to the page later: it says so before anything is tried.
    await page.reload();
    await expect(page.getByText('This hour is no longer free. Please choose another time.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try another card' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Choose another time' }).click();
    await expect(page).toHaveURL(new RegExp(`${profilePath(pair)}$`));
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close(), rivalContext.close()]);
  }
});

test('once paid, the payment page shows the session in the viewer’s zone, the calendar event and the mail line, and Continue', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id, { viewport: { width: 390, height: 844 } });
  try {
    const page = await pair.menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    await bookAndPay(page, pair, SUCCEEDS);
    await expect(page.getByRole('heading', { name: 'Booking completed' })).toBeVisible();
    const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
    await expect(page.getByText(sessionTimeIn(pair.slot, ZONE))).toBeVisible();
    await expect(page.getByText('We’ve e-mailed you the details.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('session.ics');
    const ics = (await readFile(await download.path(), 'utf8')).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`UID:booking-${bookingId}@skillroute`);
    expect(ics).toContain(`DTSTART:${pair.slot.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics).toContain(`mailto:${pair.mentee.email}`);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile\/bookings$/);
    await expect(
      page.getByRole('region', { name: 'Upcoming' }).getByRole('article').filter({ hasText: 'Kavya' }),
    ).toContainText('Confirmed');
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('the bookings page lists Upcoming, unpaid holds on top with their countdown, and Past, newest first', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id, { colorScheme: 'dark' });
  try {
    const [sooner, later, latest] = await otherHours(pair, 3);
    // Past: two sessions held (moved to yesterday at different times).
    const held = [await bookAndPayThroughApi(pair), await bookAndPayThroughApi({ ...pair, slot: sooner! })];
    for (const id of held) await completeSessionInThePast(id);
    // Upcoming: a confirmed session, and a later hour held but not paid for.
    await bookAndPayThroughApi({ ...pair, slot: later! });
    const hold = await pair.menteeContext.request.post('/api/bookings', {
      data: { mentorId: pair.mentorId, startTime: latest },
    });
    expect(hold.status(), await hold.text()).toBe(201);

    const page = await pair.menteeContext.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const errors = watchConsoleErrors(page);
    await page.goto('/profile/bookings');
    const upcoming = page.getByRole('region', { name: 'Upcoming' }).getByRole('article');
    await expect(upcoming).toHaveCount(2);
    await expect(upcoming.nth(0)).toContainText('Awaiting payment');
    await expect(upcoming.nth(0)).toContainText(sessionTimeIn(latest!, ZONE));
    await expect(upcoming.nth(0).getByText(HOLDING)).toBeVisible();
    await expect(upcoming.nth(0).getByRole('button', { name: 'Pay ₹1,000' })).toBeVisible();
    await expect(upcoming.nth(1)).toContainText('Confirmed');
    await expect(upcoming.nth(1)).toContainText(sessionTimeIn(later!, ZONE));

    // Newest first: the two held sessions' new times, as the api has them now.
    const listed = (await (
      await page.request.get(`/api/bookings/profile/${pair.mentee.id}`, { params: { status: 'completed' } })
    ).json()) as { bookings: { startTime: string }[] };
    const newestFirst = listed.bookings
      .map((booking) => booking.startTime)
      .sort((a, b) => Date.parse(b) - Date.parse(a));
    const past = page.getByRole('region', { name: 'Past' }).getByRole('article');
    await expect(past).toHaveCount(2);
    await expect(past.getByRole('heading')).toHaveText(
      newestFirst.map((start) => sessionTimeIn(start, ZONE)),
    );
    await expect(past.nth(0)).toContainText('Completed');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
