import { expect } from '@playwright/test';
import { bookAndPayThroughApi, mentorAndMentee, notificationTypes } from '../support/bookings';
import { openRoomNow, roomOpensIn, sweepNoShowsNow } from '../support/database';
import { fakeMediaLaunchOptions, openPreJoin, pressJoin } from '../support/meet';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

test.use({ launchOptions: fakeMediaLaunchOptions });

test('the mentee joins, the mentor never does: ten minutes in, the sweeper refunds the mentee and both bookings say what was decided and when each joined', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee, and a call, on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const bookingId = await bookAndPayThroughApi(pair);
    const roomId = await openRoomNow(bookingId);
    const booking = async () => {
      const answer = await pair.menteeContext.request.get(`/api/bookings/detail/${bookingId}`);
      return (
        (await answer.json()) as {
          booking: { status: string; noShow?: string; presence?: { menteeJoinedAt: string | null } };
        }
      ).booking;
    };
    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
    // The server records the join as the mentee's socket enters the room, whatever the page says.
    await openPreJoin(menteePage, roomId, 'Kavya');
    await pressJoin(menteePage, 'Kavya');
    await expect
      .poll(async () => (await booking()).presence?.menteeJoinedAt ?? null, {
        message: 'the join is recorded',
      })
      .not.toBeNull();
    await menteePage.goto('/profile/bookings');

    // Eleven minutes after the start, with no join from the mentor: the next sweep decides (run now, not at the
    // next minute of its schedule).
    await roomOpensIn(bookingId, -21);
    await sweepNoShowsNow();
    await expect
      .poll(booking, { timeout: 60_000, intervals: [1000], message: 'the sweeper settles the session' })
      .toMatchObject({ status: 'no_show', noShow: 'mentor' });

    await menteePage.reload();
    const menteeItem = menteePage.getByRole('list', { name: 'Past bookings' }).getByRole('article');
    await expect(menteeItem).toContainText('The mentor did not join; you are refunded in full.');
    await expect(menteeItem).toContainText('No-show');
    const decided = menteeItem.getByRole('region', { name: 'What was decided' });
    await expect(decided).toContainText('Mentor joinedDid not join');
    await expect(decided.getByRole('time')).toHaveCount(1);
    await expectNoSeriousA11yViolations(menteePage);

    const mentorPage = await pair.mentorContext.newPage();
    const mentorErrors = watchConsoleErrors(mentorPage);
    await mentorPage.goto('/profile/bookings');
    const mentorItem = mentorPage.getByRole('list', { name: 'Past bookings' }).getByRole('article');
    await expect(mentorItem).toContainText('You did not join this session; the mentee is refunded in full.');
    await expectNoSeriousA11yViolations(mentorPage);
    await expect
      .poll(() => notificationTypes(pair.menteeContext.request, pair.mentee.email))
      .toContain('booking_no_show');
    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
