import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Collects console errors and uncaught page errors from the moment it is called. */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The serious and critical axe violations of the page, one line each (rule, help, where). A dialog that is still
 * fading in has its text at part opacity, which axe reads as too little contrast, so this waits for the
 * animations that end (not a spinner's or a skeleton's, which never do).
 *
 * In axe's legacy mode: the default opens a blank page for every check to put the frames' results together,
 * which was most of a check's cost and a large part of the browser suite's (decision 076). It only matters
 * for frames of another origin, and the app has none.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Fails on any serious or critical axe violation, listing them so the failure says what to fix. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}
