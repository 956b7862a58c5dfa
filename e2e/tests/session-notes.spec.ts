import { expect } from '@playwright/test';
import { bookAndPay, mentorAndMentee, SUCCEEDS, notificationTypes } from '../support/bookings';
import { announceNotesNow, completeSessionInThePast } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

test('the mentee books with an agenda the mentor reads, and after the session the mentor’s notes and homework reach the mentee', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
    const agenda = 'How to test a service that talks to a queue';
    await bookAndPay(menteePage, pair, SUCCEEDS, agenda);
    const bookingId = new URL(menteePage.url()).searchParams.get('bookingId')!;

    // Before the session the mentor reads what the mentee would like to talk about.
    const mentorPage = await pair.mentorContext.newPage();
    const mentorErrors = watchConsoleErrors(mentorPage);
    await mentorPage.goto('/profile/bookings');
    const mentorItem = mentorPage.getByRole('list', { name: 'Upcoming bookings' }).getByRole('article');
    await expect(mentorItem).toHaveCount(1);
    await expect(
      mentorItem.getByRole('region', { name: 'What Meera would like to talk about' }),
    ).toContainText(agenda);
    await expect(mentorItem.getByRole('form', { name: 'Notes and homework' })).toHaveCount(0);

    // After it, the mentor writes the notes and homework, by keyboard.
    await completeSessionInThePast(bookingId);
    await mentorPage.reload();
    const pastItem = mentorPage.getByRole('list', { name: 'Past bookings' }).getByRole('article');
    const form = pastItem.getByRole('form', { name: 'Notes and homework' });
    const notes = 'Homework: write a test that stops the queue mid-job.\nRead the retry chapter.';
    await form.getByLabel('For Meera').fill(notes);
    await expect(form).toContainText(`${notes.length}/5000`);
    await expectNoSeriousA11yViolations(mentorPage);
    await form.getByLabel('For Meera').press('Tab');
    await mentorPage.keyboard.press('Enter');
    await expect(
      mentorPage.getByRole('region', { name: 'Notifications (F8)' }).getByText('Notes saved'),
    ).toBeVisible();
    await expect(form).toContainText('Last saved');

    // The mentee reads them on the booking, and is told (the notice, made due now instead of in minutes).
    await menteePage.goto('/profile/bookings');
    const menteeItem = menteePage.getByRole('list', { name: 'Past bookings' }).getByRole('article');
    const received = menteeItem.getByRole('region', { name: 'Notes and homework from Kavya' });
    await expect(received).toContainText('Homework: write a test that stops the queue mid-job.');
    await expect(received).toContainText('Read the retry chapter.');
    await expect(menteeItem.getByRole('region', { name: 'What you would like to talk about' })).toContainText(
      agenda,
    );
    await expect(menteeItem.getByRole('textbox')).toHaveCount(0);
    await expectNoSeriousA11yViolations(menteePage);
    await announceNotesNow(bookingId);
    await expect
      .poll(() => notificationTypes(pair.menteeContext.request, pair.mentee.email))
      .toContain('session_notes');
    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
