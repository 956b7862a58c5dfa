import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { readCatalogue } from '@skillroute/shared/i18n/compile';
import { fillPlaceholders } from '@skillroute/shared/i18n/msg';
import { englishWordsOn, watchDataWords } from './language';
import { seriousA11yViolations } from './page-checks';

const HINDI = readCatalogue('hi');

/**
 * What the Hindi pages say for an English source of the web's `t(...)`, `{name}`s filled in: how a test finds a
 * Hindi page's buttons and headings without writing the translation a second time.
 */
export function say(english: string, values: Record<string, string | number> = {}): string {
  const hindi = HINDI[english];
  if (hindi === undefined) throw new Error(`no Hindi for “${english}” in the catalogues`);
  return fillPlaceholders(hindi, values);
}

const WIDTHS = [
  ['desktop', 1280],
  ['phone', 390],
] as const;

/**
 * Reads a page (or a state of one, such as an open dialog) as a Hindi reader would, at a desktop's width and a
 * phone's: no English left but names and the data the api answered, nothing wider than the window, axe clean (at
 * the desktop's width), and a full-page screenshot of each kept in the test's output. Findings are soft, so one
 * walk lists them all. `names`: the test's people, whose names such pages show.
 */
export function hindiWalk(page: Page, testInfo: TestInfo, { names = [] }: { names?: string[] } = {}) {
  const data = watchDataWords(page);
  // The test's people by name, for pages the api writes as HTML (the sandbox checkout), not as JSON.
  for (const name of names) data.take(name);
  return async function read(name: string, ready: Locator | (() => Promise<void>)): Promise<void> {
    for (const [device, width] of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      if (typeof ready === 'function') await ready();
      else await expect(ready).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      expect.soft(await englishWordsOn(page, data), `English on ${name} at ${width} px`).toEqual([]);
      expect
        .soft(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} is no wider than ${width} px`,
        )
        .toBeLessThanOrEqual(width);
      // axe takes seconds a page on a busy machine; what it checks hardly depends on the width.
      if (device === 'desktop')
        expect.soft(await seriousA11yViolations(page), `axe on ${name} at ${width} px`).toEqual([]);
      // A whole page from its top (a sticky header drawn mid-page otherwise); an open dialog or menu as the
      // window shows it, since its fixed overlay covers only the window in a full-page shot.
      const overlay = await page.locator('[role="dialog"], [role="alertdialog"], [role="menu"]').count();
      if (overlay === 0) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: testInfo.outputPath(`hi-${name.replace(/\W+/g, '-')}-${device}.png`),
        fullPage: overlay === 0,
      });
    }
  };
}
