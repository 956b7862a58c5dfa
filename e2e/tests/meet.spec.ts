import { expect } from '@playwright/test';
import { meetMessages } from '@skillroute/shared/meet';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { bookAndPayThroughApi, mentorAndMentee } from '../support/bookings';
import { openRoomNow } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

test('nobody else gets into an open room: a third user reads that it is not theirs, a signed-out visitor is sent to sign in', async ({ browser, mentorStack }) => {
  test.slow(); // a mentor, a mentee and two more browsers on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  const stranger = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const roomId = await openRoomNow(await bookAndPayThroughApi(pair));
    await signUpThroughApi(stranger, { name: 'Ravi', email: newEmail() });

    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/meet/${roomId}`);
    await expect(strangerPage.getByRole('heading', { level: 1, name: meetMessages.notFound })).toBeVisible();
    await expect(strangerPage.getByRole('button', { name: 'Join now' })).toHaveCount(0);
    await expect(strangerPage.getByText('Kavya')).toHaveCount(0);
    await expect(strangerPage.getByRole('link', { name: 'Back to your bookings' })).toBeVisible();
    await expectNoSeriousA11yViolations(strangerPage);

    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/meet/${roomId}`);
    await expect(visitorPage).toHaveURL(/\/login$/);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close(), stranger.close(), visitor.close()]);
  }
});
