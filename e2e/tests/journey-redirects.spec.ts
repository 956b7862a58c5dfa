import { expect, type BrowserContext, type Page } from '@playwright/test';
import { newEmail, password, signIn, signUpThroughApi } from '../support/accounts';
import { mentorAndMentee, SUCCEEDS } from '../support/bookings';
import { codePattern, readFromMail } from '../support/mail';
import { availabilityThroughApi, mentorThroughApi, test } from '../support/mentors';
import { startOwnServer } from '../support/own-server';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';
import { appPort } from '../support/ports';

const CHECKOUT = /\/api\/payments\/sandbox\/checkout\/sbx_[^/?]+/;

/** The card form's posts the page sends, so a test can tell that Back and reload sent none again. */
function countCheckoutPosts(page: Page): { count: number } {
  const posts = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && CHECKOUT.test(request.url())) posts.count += 1;
  });
  return posts;
}

/** Picks the first free hour on the profile's calendar, as a visitor does, and returns its button's text. */
async function pickFirstHour(page: Page): Promise<string> {
  const hour = page.getByRole('list', { name: 'Free hours' }).getByRole('button').first();
  const text = await hour.innerText();
  await hour.click();
  await expect(hour).toHaveAttribute('aria-pressed', 'true');
  return text;
}

/** Book on the profile's panel (an hour chosen), then Pay: the browser is on the sandbox's checkout. */
async function bookAndOpenCheckout(page: Page) {
  const panel = page.getByRole('region', { name: 'Book a session' });
  await panel.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(panel.getByText(/You’re holding this hour — 1[45]:\d\d left/)).toBeVisible();
  await panel.getByRole('button', { name: 'Pay ₹1,000' }).click();
  await expect(page).toHaveURL(CHECKOUT);
}

test('a mistyped card, then the right one: Back and reload after paying land on pages, never on a resubmitted form', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const page = await pair.menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    const posts = countCheckoutPosts(page);
    // Chromium shows "Confirm Form Resubmission" as a dialog-less error page; any dialog at all is a failure.
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
    await page.goto(`/mentor-profile/${pair.mentorId}`);
    await pickFirstHour(page);
    await bookAndOpenCheckout(page);

    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: /^Pay / }).click();
    // The refused card comes back as a page of its own (a 303 to a GET), saying why.
    await expect(page).toHaveURL(/\?error=card_unknown$/);
    await expect(page.getByRole('alert')).toHaveText(
      'That is not one of the test cards below. No real card can be used here.',
    );
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Card number').fill(SUCCEEDS);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/payment-success\?bookingId=/);
    await expect(page.getByRole('heading', { name: 'Booking completed' })).toBeVisible();
    expect(posts.count).toBe(2);
    expect(errors).toEqual([]);

    // Back from /payment-success: the checkout's GET page, which now says the booking is paid.
    await page.goBack();
    await expect(page).toHaveURL(CHECKOUT);
    await expect(
      page.getByRole('heading', { name: 'This booking is no longer waiting for payment.' }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'This booking is no longer waiting for payment.' }),
    ).toBeVisible();
    // Further back: the checkout as first opened, then the mentor's profile; none of it posts again.
    await page.goBack();
    await expect(page).toHaveURL(CHECKOUT);
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'This booking is no longer waiting for payment.' }),
    ).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/mentor-profile/${pair.mentorId}`));
    expect(posts.count).toBe(2);

    // One booking, paid once.
    const mine = await page.request.get(`/api/bookings/profile/${pair.mentee.id}`);
    expect(mine.status(), await mine.text()).toBe(200);
    const { bookings } = (await mine.json()) as { bookings: { status: string }[] };
    expect(bookings.map((booking) => booking.status)).toEqual(['confirmed']);
    // The paid checkout's page answers 409, which Chromium logs for the document; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('signed out, a visitor picks an hour, Books, creates an account, enters the code and is back on the mentor with the hour chosen', async ({
  browser,
  mentorStack,
}) => {
  test.slow();
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const visitorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  try {
    const mentorId = await mentorThroughApi(mentorContext, { name: 'Kavya', stackId: mentorStack.id });
    await availabilityThroughApi(mentorContext.request, mentorId, {
      timezone: 'Asia/Kolkata',
      hours: [10, 11, 12],
      price: 1000,
    });
    const page = await visitorContext.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto(`/mentor-profile/${mentorId}`);
    const hour = await pickFirstHour(page);
    await page
      .getByRole('region', { name: 'Book a session' })
      .getByRole('button', { name: 'Book', exact: true })
      .click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const email = newEmail();
    const startedAt = Date.now();
    await page.getByLabel('Name').fill('Meera');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const code = await readFromMail(email, codePattern, { after: startedAt - 1 });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(new RegExp(`/mentor-profile/${mentorId}\\?slot=`));
    await expect(
      page.getByRole('list', { name: 'Free hours' }).getByRole('button', { name: hour }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('region', { name: 'Book a session' }).getByRole('button', { name: 'Book', exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([mentorContext.close(), visitorContext.close()]);
  }
});

test('opened at http://127.0.0.1 in development, a mentee signs in, books and pays in the sandbox without leaving that origin', async ({
  browser,
  mentorStack,
}) => {
  test.setTimeout(240_000); // a second api process, a mentor and a mentee on a busy machine
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const accountContext = await browser.newContext();
  let mentee: BrowserContext | undefined;
  // Development, where the origin check lets the browser in at 127.0.0.1 as well as at PUBLIC_URL (localhost).
  const server = await startOwnServer(appPort + 8, { nodeEnv: 'development' });
  try {
    const mentorId = await mentorThroughApi(mentorContext, { name: 'Kavya', stackId: mentorStack.id });
    await availabilityThroughApi(mentorContext.request, mentorId, {
      timezone: 'Asia/Kolkata',
      hours: [10, 11, 12],
      price: 1000,
    });
    const email = newEmail();
    await signUpThroughApi(accountContext, { name: 'Meera', email });

    const origin = server.baseURL.replace('localhost', '127.0.0.1');
    mentee = await browser.newContext({ baseURL: origin, timezoneId: 'Asia/Kolkata' });
    const page = await mentee.newPage();
    const errors = watchConsoleErrors(page);
    await signIn(page, email);
    await expect(page).toHaveURL(`${origin}/`);
    await page.goto(`/mentor-profile/${mentorId}`);
    await pickFirstHour(page);
    await bookAndOpenCheckout(page);
    expect(new URL(page.url()).origin).toBe(origin);
    await expect(page.getByRole('heading', { name: /^Pay for your session with Kavya/ })).toBeVisible();

    await page.getByLabel('Card number').fill(SUCCEEDS);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(
      new RegExp(`^${origin.replaceAll('.', '\\.')}/payment-success\\?bookingId=`),
    );
    await expect(page.getByRole('heading', { name: 'Booking completed' })).toBeVisible();
    expect(errors).toEqual([]);

    // Signed out, the checkout's Sign in comes back to the checkout, still at 127.0.0.1.
    await page.goBack();
    await expect(page).toHaveURL(CHECKOUT);
    const checkout = page.url();
    await mentee.clearCookies();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to pay for this session.' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(checkout);
    await expect(
      page.getByRole('heading', { name: 'This booking is no longer waiting for payment.' }),
    ).toBeVisible();
  } finally {
    await Promise.all([mentorContext.close(), accountContext.close(), mentee?.close()]);
    await server.stop();
  }
});

test('a search that finds no one says so without advice about filters never set, and All mentors returns to the filters one came from', async ({
  browser,
  mentorStack,
}) => {
  test.slow();
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const visitorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  try {
    // Tamil: the other mentors of this worker's stack speak English, so the filters find this one alone.
    const mentorId = await mentorThroughApi(mentorContext, {
      name: 'Ishaan',
      stackId: mentorStack.id,
      languages: ['tamil'],
    });
    // A mentor is listed once they have set their hours.
    await availabilityThroughApi(mentorContext.request, mentorId, { timezone: 'Asia/Kolkata', hours: [10] });
    const page = await visitorContext.newPage();
    const errors = watchConsoleErrors(page);

    await page.goto('/explore-mentors');
    await page.getByRole('searchbox', { name: 'Search mentors' }).fill('Nobody by this name');
    await expect(page.getByText('No mentor matches “Nobody by this name”')).toBeVisible();
    await expect(page.getByText(/fewer languages|lower experience/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const listing = `/explore-mentors?${new URLSearchParams({ skill: mentorStack.name, languages: 'tamil' })}`;
    await page.goto(listing);
    await page.getByRole('link', { name: 'Ishaan' }).click();
    await expect(page.getByRole('heading', { name: 'Ishaan', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'All mentors' }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === listing);
    await expect(page.getByRole('checkbox', { name: 'Tamil' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Ishaan' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([mentorContext.close(), visitorContext.close()]);
  }
});
