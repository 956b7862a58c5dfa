import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminSignInThroughApi, newEmail, signUpThroughApi } from '../support/accounts';
import { mentorApplication, stackThroughApi } from '../support/assessments';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

interface TestView {
  startedAt: string | null;
  expiresAt: string | null;
  questions: unknown[];
}

test('the test introduction before the clock: reading and reloading it start nothing, Start starts the server’s clock', async ({
  browser,
}) => {
  test.slow(); // an admin, a learner and a 3-second wait on a busy machine
  const stack = `Kotlin ${randomUUID().slice(0, 6)}`;
  const adminContext = await browser.newContext();
  // A phone's width: the introduction must read there too.
  const learnerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await adminSignInThroughApi(adminContext.request);
    const stackId = await stackThroughApi(adminContext.request, stack, 10);

    await signUpThroughApi(learnerContext, { name: 'Ravi', email: newEmail() });
    const applied = await learnerContext.request.post('/api/assessment/tests', {
      data: mentorApplication(stackId),
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const { id } = (await applied.json()) as { id: string };
    const readTest = async () =>
      (await (await learnerContext.request.get(`/api/assessment/tests/${id}`)).json()) as TestView;

    const page = await learnerContext.newPage();
    await page.goto(`/assessment/${id}`);
    await expect(page.getByRole('heading', { name: stack, level: 1 })).toBeVisible();
    const intro = page.getByRole('region', { name: 'Before you start' });
    for (const fact of ['10 questions', '15 minutes', '70% to pass', '24 hours after a fail'])
      await expect(intro.getByText(fact, { exact: true })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'My Account' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Time spent reading, and a reload, start no clock on the server.
    await page.waitForTimeout(3000);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Start the test' })).toBeVisible();
    expect(await readTest()).toMatchObject({ startedAt: null, expiresAt: null, questions: [] });

    const pressedAt = Date.now();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await expect(page.getByRole('timer')).toHaveText(/^(15:00|14:5\d)$/);
    await expect(page.getByRole('navigation', { name: 'Questions' }).getByRole('button')).toHaveCount(10);
    const started = await readTest();
    // The server's clock started at the press (give or take the machine's load), not at the application.
    expect(Math.abs(Date.parse(started.startedAt!) - pressedAt)).toBeLessThan(2500);
    expect(Date.parse(started.expiresAt!) - Date.parse(started.startedAt!)).toBe(15 * 60_000);
    await expectNoSeriousA11yViolations(page);

    // From now on a reload keeps the running clock, and shows no introduction.
    await page.reload();
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start the test' })).toHaveCount(0);
    expect((await readTest()).startedAt).toBe(started.startedAt);
  } finally {
    await adminContext.close();
    await learnerContext.close();
  }
});
