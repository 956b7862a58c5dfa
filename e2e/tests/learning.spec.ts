import { expect } from '@playwright/test';
import type { Roadmap } from '@skillroute/shared/roadmap-api';
import { mentorAndMentee, notificationTypes, SUCCEEDS } from '../support/bookings';
import { completeSessionInThePast } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';
import { frontendRoadmapId } from '../support/roadmaps';

// Learning with a mentor (DESIGN.md §4b, issue 29): a session about the mentee's roadmap, what its mentor reads,
// and the topics the mentor recommends afterwards, as both people meet them.

test('a session about a roadmap: the mentee writes a note by keyboard and shares it, the mentor reads it with the progress and the chosen topic, then recommends two topics the mentee finds on the roadmap and the home page', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee, a payment and a roadmap on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const request = pair.menteeContext.request;
    const roadmap = (await (
      await request.get(`/api/roadmap/${await frontendRoadmapId(request)}`)
    ).json()) as Roadmap;
    const [first, chosen, recommended, alsoRecommended] = roadmap.nodes;
    // The mentee follows the roadmap: one topic done.
    const marked = await request.put(`/api/roadmap/${roadmap.id}/progress`, {
      data: { nodeId: first!.id, status: 'done' },
    });
    expect(marked.status()).toBe(200);

    // On the roadmap, by keyboard alone: the topic's drawer from the outline, its note field, a note, Escape.
    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
    await menteePage.goto(`/roadmap/${roadmap.id}`);
    const outline = menteePage.getByRole('navigation', { name: 'Roadmap outline' });
    await outline
      .getByRole('button', { name: new RegExp(chosen!.data.label) })
      .first()
      .focus();
    await menteePage.keyboard.press('Enter');
    const drawer = menteePage.getByRole('dialog');
    const field = drawer.getByRole('textbox', { name: 'Your notes' });
    for (
      let presses = 0;
      presses < 30 && !(await field.evaluate((node) => node === document.activeElement));
      presses += 1
    )
      await menteePage.keyboard.press('Tab');
    await expect(field).toBeFocused();
    const note = 'I get lost between the box model and flexbox.';
    await menteePage.keyboard.type(note);
    await expect(drawer.getByRole('status')).toHaveText('Saved');
    await expectNoSeriousA11yViolations(menteePage);
    // "Find a mentor for …" carries the roadmap and the topic; here the hour is chosen too (?slot=).
    await expect(drawer.getByRole('link', { name: /^Find a mentor for / })).toHaveAttribute(
      'href',
      new RegExp(`roadmap=${roadmap.id}&topic=${chosen!.id}`),
    );
    await menteePage.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // A topic's "Find a mentor for …" brought the mentee here with the roadmap and the topic.
    const carried = new URLSearchParams({ slot: pair.slot, roadmap: roadmap.id, topic: chosen!.id });
    await menteePage.goto(`/mentor-profile/${pair.mentorId}?${carried.toString()}`);
    const panel = menteePage.getByRole('region', { name: 'Book a session' });
    await expect(panel.getByRole('switch', { name: 'A session about one of my roadmaps' })).toBeChecked();
    await expect(panel.getByRole('combobox', { name: 'Roadmap' })).toHaveValue(roadmap.id);
    const topics = panel.getByRole('group', { name: 'Topics you want help with' });
    await expect(topics.getByRole('checkbox', { name: chosen!.data.label, exact: true })).toBeChecked();
    await expect(topics).toContainText('1 of 10 chosen');
    await panel.getByRole('switch', { name: 'Share my notes on these topics with the mentor' }).click();
    await expectNoSeriousA11yViolations(menteePage);
    await panel.getByRole('button', { name: 'Book', exact: true }).click();
    await panel.getByRole('button', { name: 'Pay ₹1,000' }).click();
    await menteePage.getByLabel('Card number').fill(SUCCEEDS);
    await menteePage.getByRole('button', { name: /^Pay / }).click();
    await expect(menteePage).toHaveURL(/\/payment-success\?bookingId=/);
    const bookingId = new URL(menteePage.url()).searchParams.get('bookingId')!;

    // Before the session the mentor reads the roadmap, the progress and the chosen topic; no recommending yet.
    const mentorPage = await pair.mentorContext.newPage();
    const mentorErrors = watchConsoleErrors(mentorPage);
    await mentorPage.goto('/profile/bookings');
    const upcoming = mentorPage.getByRole('list', { name: 'Upcoming bookings' }).getByRole('article');
    const learning = upcoming.getByRole('region', { name: `Meera’s roadmap: ${roadmap.title}` });
    await expect(learning).toContainText(`1 of ${roadmap.nodes.length} topics done, 0 in progress`);
    await expect(learning.getByRole('list', { name: 'Topics chosen for the session' })).toContainText(
      `${chosen!.data.label} · Not started`,
    );
    // Shared, so the mentor reads the mentee's note on it.
    await expect(learning).toContainText(note);
    await expect(learning.getByRole('button', { name: 'Recommend topics' })).toHaveCount(0);
    // Nobody but the mentor reads it: the mentee hears 404.
    expect((await request.get(`/api/bookings/${bookingId}/learning`)).status()).toBe(404);

    // After it, the mentor recommends a topic with a note.
    await completeSessionInThePast(bookingId);
    await mentorPage.reload();
    const past = mentorPage.getByRole('list', { name: 'Past bookings' }).getByRole('article');
    await past.getByRole('button', { name: 'Recommend topics' }).click();
    const dialog = mentorPage.getByRole('dialog', { name: 'Recommend topics' });
    await dialog.getByRole('checkbox', { name: recommended!.data.label, exact: true }).check();
    await dialog.getByRole('checkbox', { name: alsoRecommended!.data.label, exact: true }).check();
    await dialog.getByLabel('Note (optional)').fill('Start with this one next week.');
    await expectNoSeriousA11yViolations(mentorPage);
    await dialog.getByRole('button', { name: 'Recommend', exact: true }).click();
    await expect(
      mentorPage.getByRole('region', { name: 'Notifications (F8)' }).getByText('Topics recommended'),
    ).toBeVisible();

    // The mentee is told, and finds it on the roadmap and on the home page.
    await expect.poll(() => notificationTypes(request, pair.mentee.email)).toContain('topic_recommended');
    await menteePage.goto(`/roadmap/${roadmap.id}`);
    const recommendedTopics = outline.getByRole('button', { name: /Recommended by Kavya/ });
    await expect(recommendedTopics).toHaveCount(2);
    await expect(recommendedTopics.first()).toContainText(recommended!.data.label);
    await expect(recommendedTopics.last()).toContainText(alsoRecommended!.data.label);
    // The note stays the mentee's: marked on its topic.
    await expect(outline.getByRole('button', { name: /has a note/ })).toContainText(chosen!.data.label);
    await menteePage.goto('/');
    const suggests = menteePage.getByRole('region', { name: 'Your mentor suggests' });
    await expect(suggests.getByRole('link')).toHaveCount(2);
    await expect(suggests).toContainText(recommended!.data.label);
    await expect(suggests).toContainText(alsoRecommended!.data.label);
    await expect(suggests).toContainText('Start with this one next week.');
    await expectNoSeriousA11yViolations(menteePage);
    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
