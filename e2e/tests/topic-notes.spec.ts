import { expect, test, type APIRequestContext } from '@playwright/test';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

/** A roadmap drawn through the api, one topic per label, saved once; answers its id and its topics' ids. */
async function drawnRoadmap(request: APIRequestContext, labels: string[]) {
  const created = await request.post('/api/roadmap', {
    data: { title: 'Rust from zero', description: 'From the first cargo build to fearless concurrency.' },
  });
  expect(created.status()).toBe(201);
  const { id: roadmapId } = (await created.json()) as { id: string };
  const ids: string[] = [];
  for (const label of labels) {
    const node = await request.post('/api/roadmap/node', {
      data: { roadmapId, type: 'topic', position: { x: 0, y: 0 }, data: { label }, background: '#fdff00' },
    });
    expect(node.status()).toBe(201);
    ids.push(((await node.json()) as { id: string }).id);
  }
  const save = async (kept: string[]) => {
    const nodes = labels.flatMap((label, index) =>
      kept.includes(label)
        ? [
            {
              id: ids[index],
              type: 'topic',
              position: { x: 0, y: index * 120 },
              data: { label },
              background: '#fdff00',
            },
          ]
        : [],
    );
    const saved = await request.post('/api/roadmap/publish', {
      data: { roadmapId, nodes, edges: [], nodeDetails: [] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await save(labels);
  return { roadmapId, save };
}

test('a reader keeps private notes on topics by keyboard alone; they survive a reload and a topic being removed', async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    // The author reads their own draft: only they may, and only they can save it again with a topic removed.
    await signUpThroughApi(context, { name: 'Kavya', email: newEmail() });
    const { roadmapId, save } = await drawnRoadmap(context.request, ['Ownership', 'Traits', 'Macros']);
    const page = await context.newPage();
    await page.goto(`/roadmap/${roadmapId}`);
    const outline = page.getByRole('navigation', { name: 'Roadmap outline' });

    // Keyboard only: Enter on the outline's topic opens the drawer, Tab reaches the note field.
    const writeNote = async (label: string, text: string) => {
      await outline.getByRole('button', { name: new RegExp(label) }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      const field = dialog.getByRole('textbox', { name: 'Your notes' });
      for (
        let presses = 0;
        presses < 20 && !(await field.evaluate((node) => node === document.activeElement));
        presses += 1
      )
        await page.keyboard.press('Tab');
      await expect(field).toBeFocused();
      await page.keyboard.type(text);
      await expect(dialog.getByRole('status')).toHaveText('Saved');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    await writeNote('Ownership', 'Moves, then borrows.');
    await writeNote('Macros', 'macro_rules! first.');
    await expect(outline.getByRole('button', { name: /Ownership ?, has a note/ })).toBeVisible();
    await expect(outline.getByRole('button', { name: /Traits/ })).not.toHaveAccessibleName(/has a note/);

    await page.reload();
    await outline.getByRole('button', { name: /Ownership ?, has a note/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Your notes' })).toHaveValue(
      'Moves, then borrows.',
    );
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    // The author saves the roadmap again without Macros: its note stays, apart, until deleted.
    await save(['Ownership', 'Traits']);
    await page.reload();
    const removed = page.getByRole('region', { name: 'Notes on removed topics' });
    await expect(removed.getByRole('heading', { name: 'Macros' })).toBeVisible();
    await expect(removed.getByText('macro_rules! first.')).toBeVisible();
    await expect(outline.getByRole('button', { name: /Ownership ?, has a note/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await removed.getByRole('button', { name: 'Delete the note on Macros' }).focus();
    await page.keyboard.press('Enter');
    await expect(removed).toBeHidden();
  } finally {
    await context.close();
  }
});
