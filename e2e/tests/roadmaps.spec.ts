import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminSignIn, newEmail, signUpThroughApi } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

/** Drags a sidebar item ("Topic" or "SubTopic") onto the canvas at a point of the pane. */
async function dropNode(page: Page, item: 'Topic' | 'SubTopic', at: { x: number; y: number }) {
  const pane = page.locator('.react-flow__pane');
  const before = await page.locator('.react-flow__node').count();
  await page.getByText(item, { exact: true }).first().dragTo(pane, { targetPosition: at });
  // The node exists once the server gave it an id.
  await expect(page.locator('.react-flow__node')).toHaveCount(before + 1);
}

async function openNode(page: Page, label: string): Promise<Locator> {
  await page.locator('.react-flow__node').filter({ hasText: label }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  return sheet;
}

async function relabel(page: Page, from: string, to: string) {
  const sheet = await openNode(page, from);
  await sheet.getByLabel('Edit node label').fill(to);
  await sheet.getByRole('button', { name: 'Update' }).click();
  await page.keyboard.press('Escape');
  // The sheet's overlay fades out; until it is gone it takes the pointer.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('.react-flow__node').filter({ hasText: to })).toHaveCount(1);
}

async function openRequests(page: Page): Promise<Locator> {
  await page.goto('/admin/roadmap-management');
  await expect(page.getByRole('heading', { name: 'Roadmap Managment' })).toBeVisible();
  // A roadmap waits whenever this is called: the button says how many before it is opened.
  // (Chromium reads the visually hidden count as its own block, so a space may come before its comma.)
  await page.getByRole('button', { name: /^Roadmap Requests ?, \d+ waiting$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('draw a roadmap, get it rejected with feedback, fix and resubmit it, get it approved; it goes public, and unlisting hides it', async ({
  browser,
}) => {
  test.slow(); // a long journey: three times the configured timeout
  const title = `Rust path ${randomUUID().slice(0, 6)}`;
  const author = await browser.newContext();
  const admin = await browser.newContext();
  // A phone's touch screen: the reader taps a topic on the graph's first picture.
  const visitor = await browser.newContext({ hasTouch: true });
  try {
    // The author starts a roadmap from the profile's Roadmaps pane and lands in the editor.
    await signUpThroughApi(author, { name: 'Kavya', email: newEmail() });
    const page = await author.newPage();
    await page.goto('/profile/roadmaps');
    await page.getByRole('button', { name: 'New roadmap' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('From the first cargo build to fearless concurrency.');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/draw-roadmap\/[0-9a-f-]{36}$/);
    const roadmapId = page.url().split('/').at(-1) ?? '';
    await expect(page.getByText('You can drag these nodes to the pane on the right.')).toBeVisible();

    // Two topics and a subtopic, dragged from the sidebar; then named.
    await dropNode(page, 'Topic', { x: 300, y: 80 });
    await relabel(page, 'Topic', 'Ownership');
    await dropNode(page, 'Topic', { x: 300, y: 260 });
    await relabel(page, 'Topic', 'Traits');
    await dropNode(page, 'SubTopic', { x: 520, y: 100 });
    await relabel(page, 'SubTopic', 'Borrowing');

    // An edge from Ownership to Traits.
    const ownership = page.locator('.react-flow__node').filter({ hasText: 'Ownership' });
    const traits = page.locator('.react-flow__node').filter({ hasText: 'Traits' });
    await ownership
      .locator('.react-flow__handle.source')
      .dragTo(traits.locator('.react-flow__handle.target'));
    await expect(page.locator('.react-flow__edge')).toHaveCount(1);

    // Content and a link for Ownership; the link rules are the spec's.
    const sheet = await openNode(page, 'Ownership');
    await sheet.getByRole('tab', { name: 'Content & Links' }).click();
    await sheet.getByLabel('Title').fill('Ownership');
    await sheet.getByLabel('Description').fill('Every value has one owner; moving it hands that over.');
    await sheet.getByRole('button', { name: 'Add Link 0/2' }).click();
    await sheet.getByLabel('Link 1 title').fill('The Rust Book: ownership');
    await sheet.getByLabel('Link 1 URL').fill('javascript:alert(1)');
    await sheet.getByRole('button', { name: 'Submit' }).click();
    await expect(sheet.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
    await sheet
      .getByLabel('Link 1 URL')
      .fill('https://doc.rust-lang.org/book/ch04-00-understanding-ownership.html');
    await sheet.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('content saved!').first()).toBeVisible();
    // The sheet's own button closes it (one Escape would too, toast or not: roadmap-canvas.spec.ts).
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Save Roadmap' }).click();
    await expect(
      page.getByText('Roadmap saved successfully wait for admin approval!!').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Not public yet.
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/roadmap/${roadmapId}`);
    await expect(anonymous.getByText('This roadmap is not available')).toBeVisible();

    // The admin rejects it, with feedback that must be long enough.
    const adminPage = await admin.newPage();
    await adminSignIn(adminPage);
    let requests = await openRequests(adminPage);
    const request = requests.getByRole('listitem').filter({ hasText: title });
    await request.getByRole('button', { name: /actions|more/i }).click();
    await adminPage.getByRole('menuitem', { name: 'Reject' }).click();
    await requests.getByLabel(/feedback/i).fill('Hmm');
    await expect(requests.getByText('Feedback must be at least 5 characters')).toBeVisible();
    await expect(requests.getByRole('button', { name: 'Submit Rejection' })).toBeDisabled();
    await requests.getByLabel(/feedback/i).fill('Add a topic on lifetimes, please.');
    await requests.getByRole('button', { name: 'Submit Rejection' }).click();
    await expect(adminPage.getByText('updated successfully').first()).toBeVisible();

    // The author is told, and sees the feedback beside the roadmap.
    await expect(page.getByText(/rejected/i).first()).toBeVisible();
    await page.goto('/profile/roadmaps');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('Add a topic on lifetimes, please.');
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/draw-roadmap/${roadmapId}$`));

    // Fixes it: one more topic joined to Traits, and resubmits.
    await expect(page.locator('.react-flow__node')).toHaveCount(3);
    // Clear of the three nodes (the editor fits them to the view when it opens) and of the minimap.
    await dropNode(page, 'Topic', { x: 560, y: 600 });
    await relabel(page, 'Topic', 'Lifetimes');
    await page
      .locator('.react-flow__node')
      .filter({ hasText: 'Traits' })
      .locator('.react-flow__handle.source')
      .dragTo(
        page
          .locator('.react-flow__node')
          .filter({ hasText: 'Lifetimes' })
          .locator('.react-flow__handle.target'),
      );
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    await page.getByRole('button', { name: 'Save Roadmap' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Back in the queue; the admin approves.
    requests = await openRequests(adminPage);
    await requests
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: /actions|more/i })
      .click();
    await adminPage.getByRole('menuitem', { name: 'Approve' }).click();
    await expect(adminPage.getByText('updated successfully').first()).toBeVisible();

    // Both decisions reached the author as notifications.
    await page.goto('/notifications');
    const notices = page.getByRole('main').getByRole('listitem');
    await expect(notices.filter({ hasText: title })).toHaveCount(2);
    await expect(notices.filter({ hasText: /approved/i }).filter({ hasText: title })).toHaveCount(1);
    await expect(notices.filter({ hasText: 'Add a topic on lifetimes, please.' })).toHaveCount(1);

    // Anyone finds it on the home page and opens it.
    await anonymous.goto('/');
    await anonymous.getByRole('searchbox', { name: /search roadmaps/i }).fill(title);
    const link = anonymous.getByRole('link', { name: new RegExp(title) });
    await expect(link).toBeVisible();
    await link.click();
    await expect(anonymous).toHaveURL(new RegExp(`/roadmap/${roadmapId}$`));
    // The graph's first picture shows the four topics; a tap on one opens it.
    await expect(anonymous.locator('[data-roadmap-picture] [data-id]')).toHaveCount(4);
    await anonymous.locator('[data-roadmap-picture] [data-id]').filter({ hasText: 'Ownership' }).tap();
    const drawer = anonymous.getByRole('dialog');
    await expect(drawer).toContainText('Every value has one owner');
    await expect(drawer.getByRole('link', { name: 'The Rust Book: ownership' })).toHaveAttribute(
      'href',
      /^https:\/\/doc\.rust-lang\.org\//,
    );

    // Unlisting hides it from everyone but its author and the admins.
    await adminPage.goto('/admin/roadmap-management');
    const published = adminPage.getByRole('main').getByRole('article').filter({ hasText: title });
    await published.getByRole('button', { name: 'Unlist' }).click();
    await expect(published.getByRole('button', { name: 'List' })).toBeVisible();
    await anonymous.goto('/');
    await anonymous.getByRole('searchbox', { name: /search roadmaps/i }).fill(title);
    await expect(anonymous.getByText(/no roadmaps/i)).toBeVisible();
    await anonymous.goto(`/roadmap/${roadmapId}`);
    await expect(anonymous.getByText('This roadmap is not available')).toBeVisible();
  } finally {
    await Promise.all([author.close(), admin.close(), visitor.close()]);
  }
});

test('a reader marks topics on a demo roadmap, and the marks survive a reload', async ({ page }) => {
  await signUpThroughApi(page.context(), { name: 'Isha', email: newEmail() });
  await page.goto('/');
  await page
    .getByRole('link', { name: /Frontend/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/roadmap\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/0 of \d+ done/)).toBeVisible();

  // From the outline, with the keyboard: open the first topic and mark it done.
  const outline = page.getByRole('navigation', { name: /outline/i });
  const first = outline.getByRole('button').first();
  await first.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: /done/i }).first().click();
  await expect(page.getByText(/1 of \d+ done/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByText(/1 of \d+ done/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the home page and a public roadmap have no serious accessibility violations; neither loads the graph library until the reader reaches for the graph', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Backend/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // React Flow's code names its pane class; none of the scripts the home page loaded contains it.
  const homeScripts = [...scripts];
  expect(homeScripts.length).toBeGreaterThan(0);
  for (const url of homeScripts)
    expect(await (await page.request.get(url)).text()).not.toContain('react-flow__pane');

  await page
    .getByRole('link', { name: /Backend/ })
    .first()
    .click();
  // The roadmap opens as a picture of its graph, without the library either.
  await expect(page.locator('[data-roadmap-picture] [data-id]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const scriptsText = async (urls: string[]) =>
    Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
  const pictureScripts = scripts.filter((url) => !homeScripts.includes(url));
  for (const text of await scriptsText(pictureScripts)) expect(text).not.toContain('react-flow__pane');
  // ...and the pointer over the graph loads it (so the checks above can fail).
  await page.locator('[data-roadmap-picture]').hover();
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const graphScripts = scripts.filter((url) => !homeScripts.includes(url) && !pictureScripts.includes(url));
  expect((await scriptsText(graphScripts)).some((text) => text.includes('react-flow__pane'))).toBe(true);
});

test('the roadmap pages of authors and admins have no serious accessibility violations; the editor works from the keyboard', async ({
  browser,
}) => {
  test.slow(); // a long journey: three times the configured timeout
  const author = await browser.newContext();
  const admin = await browser.newContext();
  try {
    await signUpThroughApi(author, { name: 'Meera', email: newEmail() });
    const page = await author.newPage();
    await page.goto('/profile/roadmaps');
    await page.getByRole('button', { name: 'New roadmap' }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Title').fill(`Kotlin path ${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Description').fill('Coroutines, flows and the standard library.');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/draw-roadmap\//);

    // A topic added with the keyboard alone, then undone and redone.
    await page.getByRole('button', { name: /^Topic: / }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.react-flow__node')).toHaveCount(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.locator('.react-flow__node')).toHaveCount(0);
    await page.keyboard.press('Control+Shift+Z');
    await expect(page.locator('.react-flow__node')).toHaveCount(1);
    // A focused node opens with Enter, as with a click.
    await page.locator('.react-flow__node').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    // Leaving with an unsaved change asks first.
    await page.getByRole('link', { name: 'My roadmaps' }).click();
    const leave = page.getByRole('alertdialog');
    await expect(leave).toContainText('Leave without saving?');
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/draw-roadmap\//);
    await page.getByRole('link', { name: 'My roadmaps' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/profile\/roadmaps$/);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    const adminPage = await admin.newPage();
    await adminSignIn(adminPage);
    await adminPage
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Roadmaps' })
      .click();
    await expect(adminPage.getByRole('heading', { name: 'Roadmap Managment' })).toBeVisible();
    await expect(adminPage.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await adminPage.getByRole('button', { name: /^Roadmap Requests/ }).click();
    await expect(adminPage.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
  } finally {
    await Promise.all([author.close(), admin.close()]);
  }
});

test("a visit that opens on a roadmap asks for the roadmap once, before the app's code has run", async ({
  page,
}) => {
  const { roadmaps } = (await (await page.request.get('/api/roadmap/published')).json()) as {
    roadmaps: Array<{ id: string; title: string }>;
  };
  const roadmap = roadmaps[0]!;
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/roadmap/${roadmap.id}`) reads.push(request.url());
  });
  await page.goto(`/roadmap/${roadmap.id}`);
  await expect(page.getByRole('heading', { level: 1, name: roadmap.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toHaveLength(1);
  // Asked by the build's route-preloads script, so the preload link is there before the app added any.
  await expect(
    page.locator(`link[rel="preload"][as="fetch"][href="/api/roadmap/${roadmap.id}"]`),
  ).toHaveCount(1);
});
