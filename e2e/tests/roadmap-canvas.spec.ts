import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { frontendRoadmapId } from '../support/roadmaps';

/** React Flow's viewport as it draws it: `translate(x, y) scale(zoom)` on the viewport element. */
async function viewportOf(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  const transform = await page
    .locator('.react-flow__viewport')
    .evaluate((element) => (element as HTMLElement).style.transform);
  const [, x, y, zoom] =
    /translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\) scale\(([\d.e-]+)\)/.exec(transform) ?? [];
  return { x: Number(x), y: Number(y), zoom: Number(zoom) };
}

/** Whether a node is drawn inside the canvas's box (off-screen nodes are not rendered at all). */
async function isInView(page: Page, node: Locator): Promise<boolean> {
  if ((await node.count()) === 0) return false;
  const [box, pane] = await Promise.all([node.boundingBox(), page.locator('.react-flow').boundingBox()]);
  if (!box || !pane) return false;
  return (
    box.y >= pane.y &&
    box.y + box.height <= pane.y + pane.height &&
    box.x + box.width > pane.x &&
    box.x < pane.x + pane.width
  );
}

async function openFrontendRoadmap(page: Page) {
  await page.goto(`/roadmap/${await frontendRoadmapId(page.request)}`);
  await expect(page.locator('[data-roadmap-picture] [data-id]').first()).toBeVisible();
}

/** The Frontend roadmap with React Flow on its canvas: the pointer over the graph's picture wakes it. */
async function openFrontendGraph(page: Page) {
  await openFrontendRoadmap(page);
  await page.locator('[data-roadmap-picture]').hover();
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  await expect(page.locator('[data-roadmap-picture]')).toHaveCount(0);
}

/** A new author with an empty roadmap, in the editor. */
async function openNewRoadmapInEditor(context: BrowserContext, page: Page) {
  await signUpThroughApi(context, { name: 'Tara', email: newEmail() });
  const created = await context.request.post('/api/roadmap', {
    data: { title: `Canvas ${randomUUID().slice(0, 6)}`, description: 'A roadmap to try the canvas on.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/draw-roadmap/${id}`);
  await expect(page.getByText('You can drag these nodes to the pane on the right.')).toBeVisible();
  await expect(page.locator('.react-flow__pane')).toBeVisible();
}

/** WCAG contrast of two colours as the browser resolves them (oklch and color-mix included). */
async function contrast(page: Page, foreground: string, background: string): Promise<number> {
  return page.evaluate(
    ([fg, bg]) => {
      const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no canvas');
      const luminance = (value: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = value;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = [...context.getImageData(0, 0, 1, 1).data].map((channel) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [a, b] = [luminance(fg), luminance(bg)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    },
    [foreground, background] as const,
  );
}

const computed = (element: Locator, property: 'color' | 'backgroundColor' | 'fill') =>
  element.evaluate((node, name) => getComputedStyle(node)[name], property);

/** The canvas's controls, minimap and credit in dark mode: icons and nodes stand out, text passes axe. */
async function expectReadableCanvasChrome(page: Page) {
  const buttons = page.locator('.react-flow__controls-button');
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    // The icons are drawn in the button's text colour (React Flow fills them with currentColor).
    expect(
      await contrast(page, await computed(button, 'color'), await computed(button, 'backgroundColor')),
      'icon on button',
    ).toBeGreaterThanOrEqual(3);
  }
  const minimap = page.locator('.react-flow__minimap');
  const minimapBackground = await computed(minimap, 'backgroundColor');
  // A dark minimap, not a white box under the page's light text.
  expect(
    await contrast(page, await computed(page.locator('body'), 'color'), minimapBackground),
    'page text on minimap',
  ).toBeGreaterThanOrEqual(4.5);
  const minimapNode = minimap.locator('.react-flow__minimap-node').first();
  await expect(minimapNode).toBeAttached();
  expect(
    await contrast(page, await computed(minimapNode, 'fill'), minimapBackground),
    'minimap node on minimap',
  ).toBeGreaterThanOrEqual(3);

  await expect(page.locator('.react-flow__attribution')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('.react-flow__controls')
    .include('.react-flow__minimap')
    .include('.react-flow__attribution')
    .withRules(['color-contrast'])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('a reader lands at the top of the Frontend roadmap with readable labels, scrolls down, and the fit button brings them back; the minimap shows the nodes', async ({
  page,
}) => {
  await openFrontendGraph(page);
  const first = page.locator('.react-flow__node').filter({ hasText: 'How the web works' });
  await expect(first).toBeVisible();
  expect(await isInView(page, first), 'the first topic is in view').toBe(true);
  // Section 4 is further down, not what the reader meets first.
  expect(
    await isInView(page, page.locator('.react-flow__node').filter({ hasText: /^JavaScript$/ })),
    'JavaScript is below the fold',
  ).toBe(false);

  const { zoom } = await viewportOf(page);
  const fontPx = await first
    .locator('span')
    .first()
    .evaluate((span) => Number.parseFloat(getComputedStyle(span).fontSize));
  expect(fontPx * zoom, 'label size on screen').toBeGreaterThanOrEqual(12);

  // The minimap draws every node and the viewport.
  const nodeCount = await page.evaluate(async () => {
    const id = window.location.pathname.split('/').at(-1);
    const roadmap = (await (await fetch(`/api/roadmap/${id}`)).json()) as { nodes: unknown[] };
    return roadmap.nodes.length;
  });
  await expect(page.locator('.react-flow__minimap .react-flow__minimap-node')).toHaveCount(nodeCount);
  await expect(page.locator('.react-flow__minimap .react-flow__minimap-mask')).toBeAttached();

  // The wheel scrolls the roadmap like a page; "fit" brings the reader back to its top.
  const pane = page.locator('.react-flow__pane');
  await pane.hover();
  for (let step = 0; step < 4; step += 1) await page.mouse.wheel(0, 400);
  await expect.poll(() => isInView(page, first), { message: 'scrolled past the first topic' }).toBe(false);
  expect((await viewportOf(page)).zoom).toBeCloseTo(zoom);
  await page.getByRole('button', { name: 'Fit to width, back to the top' }).click();
  await expect.poll(() => isInView(page, first), { message: 'back at the first topic' }).toBe(true);
});

test('the roadmap opens as a picture of its graph, where React Flow then takes over without moving; a tap opens a topic, and Tab reaches the graph’s topics', async ({
  browser,
}) => {
  const context = await browser.newContext({ hasTouch: true });
  try {
    const page = await context.newPage();
    await openFrontendRoadmap(page);
    const picture = page.locator('[data-roadmap-picture]');
    /** Where a node sits inside its drawing (the picture, then React Flow: both fill the canvas), whatever the page's scroll. */
    const placeOf = async (node: Locator, drawing: Locator) => {
      const [box, frame] = await Promise.all([node.boundingBox(), drawing.boundingBox()]);
      return box && frame ? { x: box.x - frame.x, y: box.y - frame.y } : null;
    };
    const before = await placeOf(
      picture.locator('[data-id]').filter({ hasText: 'How the web works' }),
      picture,
    );
    // No React Flow until the reader reaches for the graph.
    await expect(page.locator('.react-flow')).toHaveCount(0);
    expect(await picture.locator('path').count(), 'edges drawn').toBeGreaterThan(0);

    // The keyboard: the graph is a Tab stop, and its focus moves on to a topic once React Flow is there.
    await page.getByRole('group', { name: /the roadmap as a graph/ }).focus();
    const focused = page.locator('.react-flow__node:focus');
    await expect(focused).toHaveCount(1);
    await expect(picture).toHaveCount(0);
    // React Flow draws the topic where the picture had it.
    const after = await placeOf(
      page.locator('.react-flow__node').filter({ hasText: 'How the web works' }),
      page.locator('.react-flow'),
    );
    expect(
      after && before && Math.abs(after.x - before.x) + Math.abs(after.y - before.y),
      'moved by (px)',
    ).toBeLessThan(2);
    const label = await focused.innerText();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText(label);
    await page.keyboard.press('Escape');

    // A phone: a tap on the picture's topic opens it, whether or not React Flow has arrived by then.
    await page.reload();
    await picture.locator('[data-id]').filter({ hasText: 'How the web works' }).tap();
    await expect(page.getByRole('dialog')).toContainText('How the web works');
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  });

  test('the canvas controls, minimap and credit keep their contrast, in the editor and in the viewer', async ({
    page,
    context,
  }) => {
    await openNewRoadmapInEditor(context, page);
    await expect(page.locator('body')).toHaveClass(/dark/);
    await page.getByRole('button', { name: /^Topic: / }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.react-flow__node')).toHaveCount(1);
    await expectReadableCanvasChrome(page);

    // A second tab: the editor would ask before leaving its unsaved node.
    const reader = await context.newPage();
    await openFrontendGraph(reader);
    await expectReadableCanvasChrome(reader);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('tapping Topic or SubTopic adds the node in the middle of the view, and the minimap leaves the canvas free', async ({
    page,
    context,
  }) => {
    await openNewRoadmapInEditor(context, page);
    await page.getByRole('button', { name: /^Topic: / }).tap();
    const node = page.locator('.react-flow__node');
    await expect(node).toHaveCount(1);
    const [box, canvas] = await Promise.all([node.boundingBox(), page.locator('.react-flow').boundingBox()]);
    if (!box || !canvas) throw new Error('no boxes');
    expect(Math.abs(box.x + box.width / 2 - (canvas.x + canvas.width / 2))).toBeLessThan(20);
    expect(Math.abs(box.y + box.height / 2 - (canvas.y + canvas.height / 2))).toBeLessThan(20);

    // A second tap does not hide the first node under the new one.
    await page.getByRole('button', { name: /^SubTopic: / }).tap();
    await expect(node).toHaveCount(2);
    const second = await node.nth(1).boundingBox();
    if (!second) throw new Error('no box');
    expect(second.y).toBeGreaterThanOrEqual(box.y + box.height);
    await expect(page.locator('.react-flow__minimap')).toBeHidden();
  });
});

test('one Escape closes the node sheet, even with a toast showing', async ({ page, context }) => {
  await openNewRoadmapInEditor(context, page);
  await page.getByRole('button', { name: /^Topic: / }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.react-flow__node').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('tab', { name: 'Content & Links' }).click();
  await sheet.getByLabel('Title').fill('Ownership');
  await sheet.getByLabel('Description').fill('Every value has one owner.');
  await sheet.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('content saved!').first()).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('dropping the first node leaves the view where it was, so the next one lands beside it', async ({
  page,
  context,
}) => {
  await openNewRoadmapInEditor(context, page);
  const pane = page.locator('.react-flow__pane');
  const before = await viewportOf(page);
  await page
    .getByText('Topic', { exact: true })
    .first()
    .dragTo(pane, { targetPosition: { x: 200, y: 120 } });
  await expect(page.locator('.react-flow__node')).toHaveCount(1);
  // React Flow would fit the view on the next frame: let three frames be drawn.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 3;
        const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
  expect(await viewportOf(page)).toEqual(before);

  await page
    .getByText('Topic', { exact: true })
    .first()
    .dragTo(pane, { targetPosition: { x: 200, y: 300 } });
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  const [a, b] = await Promise.all(
    [0, 1].map(async (index) => {
      const box = await page.locator('.react-flow__node').nth(index).boundingBox();
      if (!box) throw new Error('no box');
      return box;
    }),
  );
  const overlap =
    a && b && a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
  expect(overlap, 'the second node is not on top of the first').toBe(false);
});
