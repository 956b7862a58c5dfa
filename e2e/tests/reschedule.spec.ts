import { expect } from '@playwright/test';
import { bookAndPay, mentorAndMentee, notificationTypes, sessionTimeIn, SUCCEEDS } from '../support/bookings';
import { readFromMail } from '../support/mail';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

const ZONE = 'Asia/Kolkata';

test('the mentee moves a paid session to another free hour from /profile/bookings, and both see and are told the new time', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
    await bookAndPay(menteePage, pair, SUCCEEDS);
    const bookingId = new URL(menteePage.url()).searchParams.get('bookingId')!;
    const mailsBefore = Date.now();

    await menteePage.goto('/profile/bookings');
    const item = menteePage.getByRole('list', { name: 'Upcoming bookings' }).getByRole('article');
    await expect(item.getByRole('heading')).toHaveText(sessionTimeIn(pair.slot, ZONE));
    await item.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = menteePage.getByRole('dialog', { name: 'Move this session' });
    await expect(dialog).toContainText(`Now on ${sessionTimeIn(pair.slot, ZONE)}`);
    await expect(dialog).toContainText('It can be moved 2 more times.');
    const hours = dialog.getByRole('list', { name: 'Free hours' }).getByRole('button');
    await expect(hours.first()).toBeVisible();
    await expectNoSeriousA11yViolations(menteePage);
    // By keyboard: the first free hour, then the button that moves the session to it.
    await hours.first().focus();
    await menteePage.keyboard.press('Enter');
    const move = dialog.getByRole('button', { name: /^Move to / });
    await expect(move).toBeEnabled();
    await move.focus();
    await menteePage.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      menteePage.getByRole('region', { name: 'Notifications (F8)' }).getByText('Session moved'),
    ).toBeVisible();

    const detail = await pair.menteeContext.request.get(`/api/bookings/detail/${bookingId}`);
    const { booking } = (await detail.json()) as { booking: { startTime: string; rescheduleCount: number } };
    expect(booking.rescheduleCount).toBe(1);
    expect(booking.startTime).not.toBe(pair.slot);
    await expect(item.getByRole('heading')).toHaveText(sessionTimeIn(booking.startTime, ZONE));
    await expect(item).toContainText(`Moved from${sessionTimeIn(pair.slot, ZONE)}`);
    await expectNoSeriousA11yViolations(menteePage);

    // The mentor sees the new time on their page, and both were told, live and by mail.
    const mentorPage = await pair.mentorContext.newPage();
    const mentorErrors = watchConsoleErrors(mentorPage);
    await mentorPage.goto('/profile/bookings');
    const mentorItem = mentorPage.getByRole('list', { name: 'Upcoming bookings' }).getByRole('article');
    await expect(mentorItem.getByRole('heading')).toHaveText(sessionTimeIn(booking.startTime, ZONE));
    await expect(mentorItem).toContainText(`Moved from${sessionTimeIn(pair.slot, ZONE)}`);
    for (const [request, email] of [
      [pair.menteeContext.request, pair.mentee.email],
      [pair.mentorContext.request, pair.mentorEmail],
    ] as const) {
      await expect.poll(() => notificationTypes(request, email)).toContain('booking_rescheduled');
      await readFromMail(email, /(moved your session .*from .+ to .+)/, { after: mailsBefore });
    }
    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
