import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  availabilityThroughApi,
  clockIn,
  clocksByDate,
  dateIn,
  longDate,
  mentorThroughApi,
  plainSpaces,
  slotsThroughApi,
  test,
  type FreeSlot,
} from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

const DAY_MS = 86_400_000;

interface MentorList {
  mentors: { id: string; name: string; headline: string }[];
  total: number;
}

/** What the listing API answers for a query, as the page asks it (first page, 12 a page). */
async function listThroughApi(
  request: APIRequestContext,
  skill: string,
  query: Record<string, string>,
): Promise<MentorList> {
  const answer = await request.get(`/api/mentor/${encodeURIComponent(skill)}`, {
    params: { ...query, page: '1', limit: '12' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as MentorList;
}

/** The names on the listing's cards, once the list for the current URL is in (its count says so). */
async function expectCards(page: Page, list: MentorList) {
  const results = page.getByRole('region', { name: 'Mentors' });
  await expect(
    results.getByText(`${list.total} ${list.total === 1 ? 'mentor' : 'mentors'}`, { exact: true }),
  ).toBeVisible();
  await expect(results.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(
    list.mentors.map((mentor) => mentor.name),
  );
}

/** The profile's free-hours panel on `day` (in the zone shown): moves the calendar forward to its month and picks it. */
async function openDay(page: Page, day: string) {
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const button = grid.getByRole('button', { name: new RegExp(`^${longDate(day)}, `) });
  for (let step = 0; step < 3 && (await button.count()) === 0; step++) {
    const month = await page.getByRole('grid').getAttribute('aria-labelledby');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('grid')).not.toHaveAttribute('aria-labelledby', month ?? '');
  }
  await button.click();
  await expect(page.getByRole('heading', { name: `Free hours on ${longDate(day)}` })).toBeVisible();
}

/** The hours listed for the picked day, with ICU's narrow spaces made plain. */
async function listedHours(page: Page): Promise<string[]> {
  return (await page.getByRole('list', { name: 'Free hours' }).getByRole('button').allInnerTexts()).map(
    plainSpaces,
  );
}

test('a visitor filters the mentors, shares the link, steps back, and opens a profile', async ({
  browser,
}) => {
  test.slow(); // two browsers and a dozen listings on a busy machine
  const context = await browser.newContext();
  const shared = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto('/explore-mentors');
    await expect(page.getByRole('heading', { name: 'Find a mentor', level: 1 })).toBeVisible();
    // Not the exact cards: the other tests add mentors to the unfiltered list as this one runs.
    await expect(page.getByRole('region', { name: 'Mentors' }).getByRole('article')).toHaveCount(12);

    // The seed's React mentors who speak Hindi; the search word is the surname of the first of them.
    const reactHindi = await listThroughApi(page.request, 'React', { languages: 'hindi' });
    expect(reactHindi.total).toBeGreaterThan(0);
    const word = reactHindi.mentors[0]!.name.split(' ').at(-1)!;
    const searched = await listThroughApi(page.request, 'React', { languages: 'hindi', search: word });
    expect(searched.total).toBeGreaterThan(0);

    // Typed first: a search replaces the history entry it was typed in, so it takes no Back of its own.
    await page.getByRole('searchbox', { name: 'Search mentors' }).fill(word);
    await expect(page).toHaveURL(new RegExp(`/explore-mentors\\?search=${word}$`));
    await expectCards(page, await listThroughApi(page.request, 'all', { search: word }));
    await page.getByRole('combobox', { name: 'Skill' }).selectOption('React');
    await expect(page).toHaveURL(new RegExp(`\\?skill=React&search=${word}$`));
    await expectCards(page, await listThroughApi(page.request, 'React', { search: word }));
    // A click, then a wait: the box is the URL's, so it shows the tick once the navigation (a transition) is in.
    await page.getByRole('checkbox', { name: 'Hindi' }).click();
    await expect(page.getByRole('checkbox', { name: 'Hindi' })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`\\?skill=React&languages=hindi&search=${word}$`));
    await expectCards(page, searched);

    // The link, opened in another browser, shows the same filters and the same mentors.
    const link = page.url();
    const other = await shared.newPage();
    await other.goto(link);
    await expect(other.getByRole('combobox', { name: 'Skill' })).toHaveValue('React');
    await expect(other.getByRole('checkbox', { name: 'Hindi' })).toBeChecked();
    await expect(other.getByRole('searchbox', { name: 'Search mentors' })).toHaveValue(word);
    await expectCards(other, searched);

    // Back undoes the last filter, the language, and keeps the rest.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?skill=React&search=${word}$`));
    await expect(page.getByRole('checkbox', { name: 'Hindi' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Skill' })).toHaveValue('React');
    await expect(page.getByRole('searchbox', { name: 'Search mentors' })).toHaveValue(word);
    await expectCards(page, await listThroughApi(page.request, 'React', { search: word }));

    // A card opens its mentor's profile.
    const mentor = searched.mentors[0]!;
    await page.getByRole('link', { name: mentor.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/mentor-profile/${mentor.id}$`));
    await expect(page.getByRole('heading', { name: mentor.name, level: 1 })).toBeVisible();
    await expect(page.getByText(mentor.headline)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free hours', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Free hours' }).getByRole('button').first()).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([context.close(), shared.close()]);
  }
});

test('a New York visitor reads a Kolkata mentor’s hours in New York time, then in Kolkata time', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a new mentor and a visitor on a busy machine
  const mentorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const visitor = await browser.newContext({ timezoneId: 'America/New_York' });
  try {
    const mentorId = await mentorThroughApi(mentorContext, { name: 'Kavya', stackId: mentorStack.id });
    // 10:00 AM to 1:00 PM in Kolkata, Monday to Friday.
    await availabilityThroughApi(mentorContext.request, mentorId, {
      timezone: 'Asia/Kolkata',
      hours: [10, 11, 12],
    });

    const page = await visitor.newPage();
    await page.goto(`/mentor-profile/${mentorId}`);
    await expect(page.getByRole('heading', { name: 'Kavya', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Time zone: America / New York' })).toBeVisible();

    // A Kolkata 10:00 AM at least two days off, so the two hours' notice cannot take a slot of its day meanwhile.
    const slots = await slotsThroughApi(visitor.request, mentorId);
    const tenAm = slots.find(
      (slot: FreeSlot) =>
        Date.parse(slot.startTime) > Date.now() + 2 * DAY_MS &&
        clockIn(slot.startTime, 'Asia/Kolkata') === '10:00 AM',
    );
    expect(tenAm, 'a Kolkata 10:00 AM in the next 60 days').toBeDefined();
    const inNewYork = clockIn(tenAm!.startTime, 'America/New_York');
    // 10:00 in Kolkata (UTC+5:30) is 11:30 PM the day before in New York in winter (UTC−5), 12:30 AM in summer (UTC−4).
    expect(['11:30 PM', '12:30 AM']).toContain(inNewYork.replace(/\s/u, ' '));

    const newYorkDay = dateIn(tenAm!.startTime, 'America/New_York');
    await openDay(page, newYorkDay);
    const expected = clocksByDate(slots, 'America/New_York').get(newYorkDay)!.map(plainSpaces);
    expect(expected).toContain(plainSpaces(inNewYork));
    expect(await listedHours(page)).toEqual(expected);
    const hours = page.getByRole('region', { name: `Free hours on ${longDate(newYorkDay)}` });
    await expect(hours.getByText(/^America\/New_York \((EST|EDT)\)$/)).toBeVisible();

    // The same hours in Kolkata time: the mentor's own clock, 10:00 AM first.
    await page.getByRole('button', { name: 'Time zone: America / New York' }).click();
    await page.getByRole('combobox', { name: 'Search time zones' }).fill('Kolkata');
    await page.getByRole('option', { name: 'Asia / Kolkata' }).click();
    await expect(page.getByRole('button', { name: 'Time zone: Asia / Kolkata' })).toBeVisible();
    const kolkataDay = dateIn(tenAm!.startTime, 'Asia/Kolkata');
    await openDay(page, kolkataDay);
    expect(await listedHours(page)).toEqual(['10:00 AM', '11:00 AM', '12:00 PM']);
    await expect(
      page
        .getByRole('region', { name: `Free hours on ${longDate(kolkataDay)}` })
        .getByText('Asia/Kolkata (GMT+5:30)', { exact: true }),
    ).toBeVisible();
  } finally {
    await Promise.all([mentorContext.close(), visitor.close()]);
  }
});

test('a mentor sets their rate, hours and companies, and a visitor sees them on the public profile', async ({
  browser,
  mentorStack,
}) => {
  test.slow(); // a new mentor and a visitor on a busy machine
  const mentorContext = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const visitor = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  try {
    const mentorId = await mentorThroughApi(mentorContext, { name: 'Tanvi', stackId: mentorStack.id });
    const page = await mentorContext.newPage();
    await page.goto('/profile/general');
    const profile = page.getByRole('region', { name: 'Mentor profile' });
    await expect(profile.getByText('No rate set yet')).toBeVisible();

    // Companies, each saved as it is added.
    for (const company of ['Quillstone Systems', 'Brightwater Labs']) {
      await profile.getByLabel('Add a company').fill(company);
      await profile.getByLabel('Add a company').press('Enter');
      await expect(
        profile.getByRole('list', { name: 'Companies' }).getByText(company, { exact: true }),
      ).toBeVisible();
      await expect(profile.getByLabel('Add a company')).toHaveValue('');
    }

    // The Availability dialog: the rate, Monday's hours, applied to every day, Wednesday off, in Kolkata time.
    await profile.getByRole('button', { name: 'Manage Availability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Availability' });
    await expect(dialog.getByLabel('Hourly Rate')).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Monday' })).not.toBeChecked();
    // A date override just added does not ask for its date in red before it is touched.
    await dialog.getByRole('button', { name: 'Add a date' }).click();
    await expect(dialog.getByRole('group', { name: /^Override/ })).toHaveCount(1);
    await expect(dialog.getByText('Choose a date')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Remove the override for date 1' }).click();
    await expect(dialog.getByRole('group', { name: /^Override/ })).toHaveCount(0);
    await dialog.getByLabel('Hourly Rate').fill('1500');
    await dialog.getByRole('switch', { name: 'Monday' }).click();
    await expect(dialog.getByRole('switch', { name: 'Monday' })).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Monday From' }).click();
    await page.getByRole('option', { name: '11:00 AM', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Monday To' }).click();
    await page.getByRole('option', { name: '2:00 PM', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Monday To' })).toHaveText('2:00 PM');
    await expect(dialog.getByText('To apply this slot to all days')).toBeVisible();
    await dialog.getByRole('button', { name: 'Click here' }).click();
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await expect(dialog.getByRole('switch', { name: day })).toBeChecked();
      await expect(dialog.getByRole('combobox', { name: `${day} From` })).toHaveText('11:00 AM');
      await expect(dialog.getByRole('combobox', { name: `${day} To` })).toHaveText('2:00 PM');
    }
    await dialog.getByRole('switch', { name: 'Wednesday' }).click();
    await expect(dialog.getByRole('switch', { name: 'Wednesday' })).not.toBeChecked();
    await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Kolkata');
    await dialog.getByRole('option', { name: 'Asia/Kolkata', exact: true }).click();
    await expect(
      dialog.getByText('You will receive bookings in your local timezone: Asia/Kolkata'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Availability Updated', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByText('Your time slots have been successfully updated.', { exact: true }).first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(profile.getByText('₹1,500 per session')).toBeVisible();

    // What was saved, read back through the API.
    const saved = await mentorContext.request.get(`/api/mentors/availability/${mentorId}`);
    const availability = (await saved.json()) as {
      timezone: string;
      pricePerSession: number;
      weeklySchedule: Record<string, { isAvailable: boolean; timeSlots: { startTime: string }[] }>;
    };
    expect(availability).toMatchObject({ timezone: 'Asia/Kolkata', pricePerSession: 1500 });
    expect(availability.weeklySchedule['wednesday']).toEqual({ isAvailable: false, timeSlots: [] });
    expect(availability.weeklySchedule['friday']!.timeSlots.map((slot) => slot.startTime)).toEqual([
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
    ]);

    // Another visitor, in Kolkata too, sees the rate, the companies and the hours.
    const other = await visitor.newPage();
    await other.goto(`/mentor-profile/${mentorId}`);
    await expect(other.getByRole('heading', { name: 'Tanvi', level: 1 })).toBeVisible();
    // Chromium in India reports the old name, Asia/Calcutta: the page shows the one the app keeps.
    await expect(other.getByRole('button', { name: 'Time zone: Asia / Kolkata' })).toBeVisible();
    await expect(other.getByRole('list', { name: 'Companies' }).getByRole('listitem')).toHaveText([
      'Quillstone Systems',
      'Brightwater Labs',
    ]);
    await expect(other.getByRole('complementary').getByText('₹1,500')).toBeVisible();
    const slots = await slotsThroughApi(visitor.request, mentorId);
    const byDay = clocksByDate(slots, 'Asia/Kolkata');
    // No Wednesday, and every other weekday 11 to 2; the first day and the last are cut by the window (from now
    // to 60 days on), so they may hold fewer.
    const windowEnds = Date.now() + 59 * DAY_MS;
    for (const [day, clocks] of byDay) {
      expect(new Date(`${day}T00:00:00Z`).getUTCDay(), day).not.toBe(3);
      const dayStarts = Date.parse(`${day}T00:00:00+05:30`);
      if (dayStarts > Date.now() + DAY_MS && dayStarts + DAY_MS < windowEnds)
        expect(clocks.map(plainSpaces), day).toEqual(['11:00 AM', '12:00 PM', '1:00 PM']);
    }
    const later = [...byDay.keys()].find(
      (day) => Date.parse(`${day}T00:00:00+05:30`) > Date.now() + 2 * DAY_MS,
    )!;
    await openDay(other, later);
    expect(await listedHours(other)).toEqual(['11:00 AM', '12:00 PM', '1:00 PM']);
  } finally {
    await Promise.all([mentorContext.close(), visitor.close()]);
  }
});

// Per theme, one page checked at the desktop width, then narrowed to a phone's (the viewport is all the phone
// differs in here): the same eight axe checks and screenshots as a context per device, for half the page loads.
for (const theme of ['light', 'dark'] as const) {
  test(`the mentor pages pass axe, ${theme}, on a desktop and on a phone`, async ({ browser }, testInfo) => {
    test.slow(); // axe over two long pages at two widths, beside other tests on two cores
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: theme,
      timezoneId: 'Asia/Kolkata',
    });
    try {
      const page = await context.newPage();
      if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      // A seeded skill: the other tests' mentors, each of a stack of their own, never join this list.
      const list = await listThroughApi(page.request, 'React', {});
      const mentor = list.mentors[0]!;
      const checkListing = async (device: string) => {
        await expectCards(page, list);
        await expectNoSeriousA11yViolations(page);
        await page.screenshot({
          path: testInfo.outputPath(`explore-mentors-${theme}-${device}.png`),
          fullPage: true,
        });
      };
      const checkProfile = async (device: string) => {
        await expect(page.getByRole('heading', { name: mentor.name, level: 1 })).toBeVisible();
        await expect(
          page.getByRole('list', { name: 'Free hours' }).getByRole('button').first(),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.screenshot({
          path: testInfo.outputPath(`mentor-profile-${theme}-${device}.png`),
          fullPage: true,
        });
      };

      await page.goto('/explore-mentors?skill=React');
      await checkListing('desktop');
      await page.goto(`/mentor-profile/${mentor.id}`);
      await checkProfile('desktop');

      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(390);
      await checkProfile('phone');
      await page.goto('/explore-mentors?skill=React');
      await checkListing('phone');
    } finally {
      await context.close();
    }
  });
}

test('a topic’s “Find a mentor for …” opens the mentor search with the topic filled in', async ({ page }) => {
  test.slow(); // a roadmap's canvas, then the listing, on a busy machine
  await page.goto('/');
  await page
    .getByRole('link', { name: /Frontend/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/roadmap\/[0-9a-f-]{36}$/);
  const outline = page.getByRole('navigation', { name: /outline/i });
  const first = outline.getByRole('button').first();
  // textContent, not innerText: the outline's groups skip layout out of view (content-visibility), and a skipped
  // button's innerText can read empty while the page settles.
  const topic = plainSpaces((await first.textContent()) ?? '');
  expect(topic).not.toBe('');
  await first.click();
  const drawer = page.getByRole('dialog');
  const find = drawer.getByRole('link', { name: /^Find a mentor for / });
  await expect(find).toBeVisible();
  const label = plainSpaces((await find.innerText()).replace(/^Find a mentor for /, ''));
  expect(topic).toContain(label);
  await find.click();
  await expect(page).toHaveURL(/\/explore-mentors\?search=/);
  expect(new URL(page.url()).searchParams.get('search')).toBe(label);
  await expect(page.getByRole('heading', { name: 'Find a mentor', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search mentors' })).toHaveValue(label);
  await expectCards(page, await listThroughApi(page.request, 'all', { search: label }));
});
