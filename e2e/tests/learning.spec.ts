import { expect } from '@playwright/test';
import type { Roadmap } from '@skillroute/shared/roadmap-api';
import { mentorAndMentee, notificationTypes, SUCCEEDS } from '../support/bookings';
import { completeSessionInThePast } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

// Learning with a mentor (DESIGN.md §4b, issue 29): a session about the mentee's roadmap, what its mentor reads,
// and the topics the mentor recommends afterwards, as both people meet them.

test('a session about a roadmap: the mentor reads the mentee’s progress and chosen topic, then recommends topics the mentee finds on the roadmap and the home page', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a mentor and a mentee, a payment and a roadmap on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const request = pair.menteeContext.request;
    const listed = (await (
      await request.get('/api/roadmap/published?search=Frontend%20Developer')
    ).json()) as {
      roadmaps: Array<{ id: string; title: string }>;
    };
    const summary = listed.roadmaps.find((roadmap) => roadmap.title === 'Frontend Developer');
    expect(summary, 'the demo Frontend Developer roadmap').toBeDefined();
    const roadmap = (await (await request.get(`/api/roadmap/${summary!.id}`)).json()) as Roadmap;
    const [first, chosen, recommended] = roadmap.nodes;
    // The mentee follows the roadmap: one topic done.
    const marked = await request.put(`/api/roadmap/${roadmap.id}/progress`, {
      data: { nodeId: first!.id, status: 'done' },
    });
    expect(marked.status()).toBe(200);

    // A topic's "Find a mentor for …" brought the mentee here with the roadmap and the topic.
    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
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
    await dialog.getByLabel('Note (optional)').fill('Start with this one next week.');
    await expectNoSeriousA11yViolations(mentorPage);
    await dialog.getByRole('button', { name: 'Recommend', exact: true }).click();
    await expect(
      mentorPage.getByRole('region', { name: 'Notifications (F8)' }).getByText('Topics recommended'),
    ).toBeVisible();

    // The mentee is told, and finds it on the roadmap and on the home page.
    await expect.poll(() => notificationTypes(request, pair.mentee.email)).toContain('topic_recommended');
    await menteePage.goto(`/roadmap/${roadmap.id}`);
    const outline = menteePage.getByRole('navigation', { name: 'Roadmap outline' });
    await expect(outline.getByRole('button', { name: /Recommended by Kavya/ })).toHaveCount(1);
    await expect(outline.getByRole('button', { name: /Recommended by Kavya/ })).toContainText(
      recommended!.data.label,
    );
    await menteePage.goto('/');
    const suggests = menteePage.getByRole('region', { name: 'Your mentor suggests' });
    await expect(suggests.getByRole('link')).toHaveCount(1);
    await expect(suggests).toContainText(recommended!.data.label);
    await expect(suggests).toContainText('Start with this one next week.');
    await expectNoSeriousA11yViolations(menteePage);
    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
