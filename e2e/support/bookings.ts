import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { newEmail, signUpThroughApi } from './accounts';
import { availabilityThroughApi, mentorThroughApi, slotsThroughApi } from './mentors';
import { expectNoSeriousA11yViolations } from './page-checks';

const DAY_MS = 86_400_000;
/**
 * A session's start as the booking pages write it for a viewer in `zone` ("Thu, Dec 3, 2026, 4:30 AM EST"),
 * the way `apps/web/src/lib/session-time.ts` does.
 */
export const sessionTimeIn = (instant: string, zone: string): string =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: zone,
  }).format(new Date(instant));

/** The sandbox checkout's cards (apps/api payments sandbox): one that pays, one the bank declines. */
export const SUCCEEDS = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';

export interface Pair {
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
 * and a mentee, both signed in. With `language`, both chose it when they signed up, in browsers set to it.
 */
export async function mentorAndMentee(
  browser: Browser,
  stackId: string,
  {
    language,
    ...options
  }: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; language?: Locale } = {},
): Promise<Pair> {
  const locale = language && `${language}-IN`;
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata', locale });
  const menteeContext = await browser.newContext({ timezoneId: 'Asia/Kolkata', locale, ...options });
  const mentorId = await mentorThroughApi(mentorContext, { name: 'Kavya', stackId, locale: language });
  const mentorEmail = (
    (await (await mentorContext.request.get('/api/auth/session')).json()) as { user: { email: string } }
  ).user.email;
  await availabilityThroughApi(mentorContext.request, mentorId, {
    timezone: 'Asia/Kolkata',
    hours: [10, 11, 12],
    price: 1000,
  });
  const email = newEmail();
  const mentee = {
    ...(await signUpThroughApi(menteeContext, { name: 'Meera', email, locale: language })),
    email,
  };
  const slots = await slotsThroughApi(menteeContext.request, mentorId);
  const slot = slots.find((free) => Date.parse(free.startTime) > Date.now() + 2 * DAY_MS);
  expect(slot, 'a free hour more than two days off').toBeDefined();
  return { mentorContext, menteeContext, mentorId, mentee, mentorEmail, slot: slot!.startTime };
}

/**
 * Books `pair.slot` as the mentee and starts paying through the API, as the profile's booking panel does: the
 * held booking's id and the address of its sandbox checkout.
 */
export async function checkoutThroughApi(pair: Pair): Promise<{ bookingId: string; checkoutUrl: string }> {
  const request = pair.menteeContext.request;
  const booked = await request.post('/api/bookings', {
    data: { mentorId: pair.mentorId, startTime: pair.slot },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
  const payment = await request.post('/api/payments/create', { data: { bookingId } });
  expect(payment.status(), await payment.text()).toBe(200);
  const { checkoutUrl } = (await payment.json()) as { checkoutUrl?: string };
  expect(checkoutUrl, 'the sandbox checkout').toBeDefined();
  return { bookingId, checkoutUrl: checkoutUrl! };
}

/**
 * Books `pair.slot` and pays for it with the sandbox's succeeding card through the API, as the mentee: the
 * calls the profile's booking panel and the checkout form make (bookAndPay walks those pages). Returns the
 * confirmed booking's id.
 */
export async function bookAndPayThroughApi(pair: Pair): Promise<string> {
  const { bookingId, checkoutUrl } = await checkoutThroughApi(pair);
  const paid = await pair.menteeContext.request.post(checkoutUrl, {
    form: { cardNumber: SUCCEEDS.replaceAll(' ', '') },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  expect(paid.headers().location).toBe(`/payment-success?bookingId=${bookingId}`);
  return bookingId;
}

/**
 * Books the hour on the mentor's profile (chosen through ?slot=), with what the mentee would like to talk about
 * when `agenda` is given, and pays with `card` on the sandbox's checkout.
 */
export async function bookAndPay(page: Page, pair: Pair, card: string, agenda?: string) {
  await page.goto(`/mentor-profile/${pair.mentorId}?${new URLSearchParams({ slot: pair.slot }).toString()}`);
  const panel = page.getByRole('region', { name: 'Book a session' });
  await expect(panel.getByText('₹1,000')).toBeVisible();
  await expect(panel).toContainText('Cancel more than 24 hours before the start for a full refund');
  await expect(panel).toContainText('You can move a session to another free hour of the same mentor');
  if (agenda !== undefined) await panel.getByLabel('What would you like to talk about?').fill(agenda);
  await panel.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(panel.getByText(/You’re holding this hour — 1[45]:\d\d left/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Pay ₹1,000' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?bookingId=/);
}

/** The types of a user's notifications, newest first, as their account reads them. */
export async function notificationTypes(request: APIRequestContext, email: string): Promise<string[]> {
  const answer = await request.get(`/api/user/notifications/${encodeURIComponent(email)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { notifications: { type: string }[] }).notifications.map(
    (item) => item.type,
  );
}
