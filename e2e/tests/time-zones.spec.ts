import { expect, type APIRequestContext } from '@playwright/test';
import { formatZonedTime } from '@skillroute/shared/time-zones';
import { newEmail, password, signUp } from '../support/accounts';
import { SUCCEEDS, sessionTimeIn } from '../support/bookings';
import { readFromMail } from '../support/mail';
import {
  availabilityThroughApi,
  mentorThroughApi,
  plainSpaces,
  slotsThroughApi,
  test,
} from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

const NEW_YORK = 'America/New_York';
const DAY_MS = 86_400_000;

async function notificationMessages(request: APIRequestContext, email: string): Promise<string[]> {
  const answer = await request.get(`/api/user/notifications/${encodeURIComponent(email)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { notifications: { message: string }[] }).notifications.map(
    (item) => item.message,
  );
}

test('a mentee in New York signs up, reads their zone on the profile, and pays and is told in Eastern Time', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const menteeContext = await browser.newContext({ timezoneId: NEW_YORK });
  try {
    const mentorId = await mentorThroughApi(mentorContext, { name: 'Kavya', stackId: mentorStack.id });
    const mentorEmail = (
      (await (await mentorContext.request.get('/api/auth/session')).json()) as { user: { email: string } }
    ).user.email;
    await availabilityThroughApi(mentorContext.request, mentorId, {
      timezone: 'Asia/Kolkata',
      hours: [10, 11, 12],
      price: 1000,
    });

    // Signing up through the pages: the browser's zone goes with it.
    const page = await menteeContext.newPage();
    const errors = watchConsoleErrors(page);
    const email = newEmail();
    await signUp(page, { name: 'Nora', email });
    await page.goto('/profile/general');
    const zoneField = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zoneField).toHaveValue('Eastern Time (New York)');
    await expectNoSeriousA11yViolations(page);

    const slots = await slotsThroughApi(page.request, mentorId);
    const slot = slots.find((free) => Date.parse(free.startTime) > Date.now() + 2 * DAY_MS)?.startTime;
    expect(slot, 'a free hour more than two days off').toBeDefined();
    const inNewYork = formatZonedTime(slot!, NEW_YORK);
    expect(inNewYork).toMatch(/ Eastern Time \(New York\)$/);

    await page.goto(`/mentor-profile/${mentorId}?${new URLSearchParams({ slot: slot! }).toString()}`);
    const panel = page.getByRole('region', { name: 'Book a session' });
    await panel.getByRole('button', { name: 'Book', exact: true }).click();
    await panel.getByRole('button', { name: 'Pay ₹1,000' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
    // The checkout writes the hour on the payer's clock, the zone named; nothing in India's.
    await expect(page.getByText(`${inNewYork} · one hour`)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('IST');
    await page.getByLabel('Card number').fill(SUCCEEDS);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/payment-success\?bookingId=/);

    await page.goto('/profile/bookings');
    const mine = page.getByRole('region', { name: 'Upcoming' }).getByRole('article');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Confirmed');
    expect(plainSpaces((await mine.textContent()) ?? '')).toContain(
      plainSpaces(sessionTimeIn(slot!, NEW_YORK)),
    );

    // The notification and the mail say the same hour in Eastern Time; the mentor reads India's.
    await expect
      .poll(() => notificationMessages(page.request, email))
      .toContainEqual(`Your session with Kavya on ${inNewYork} is confirmed.`);
    expect(await readFromMail(email, /with Kavya on (.+) is confirmed\./)).toBe(inNewYork);
    await expect
      .poll(() => notificationMessages(mentorContext.request, mentorEmail))
      .toContainEqual(`Nora booked a session with you on ${formatZonedTime(slot!, 'Asia/Kolkata')}.`);
    expect(formatZonedTime(slot!, 'Asia/Kolkata')).toMatch(/ IST$/);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([mentorContext.close(), menteeContext.close()]);
  }
});

test('a person picks their zone on the profile by the name people know, and it stays after signing in again', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: NEW_YORK, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const errors = watchConsoleErrors(page);
    const email = newEmail();
    await signUp(page, { name: 'Hana', email });
    await page.goto('/profile/general');
    const zoneField = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zoneField).toHaveValue('Eastern Time (New York)');
    await zoneField.click();
    await zoneField.fill('central european time (berl');
    await page.getByRole('option', { name: 'Central European Time (Berlin)' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Notifications (F8)' })
        .getByText('Your time zone has been updated. Times are now shown in it.'),
    ).toBeVisible();
    await expect(zoneField).toHaveValue('Central European Time (Berlin)');
    await expectNoSeriousA11yViolations(page);

    // A new sign-in from the New York browser keeps the zone the person chose.
    const answer = await page.request.post('/api/auth/login', {
      data: { email, password, timezone: NEW_YORK },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as { user: { timezone: string } }).user.timezone).toBe('Europe/Berlin');
    await page.reload();
    await expect(zoneField).toHaveValue('Central European Time (Berlin)');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
