import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, adminSignInThroughApi, newEmail, signUpThroughApi } from '../support/accounts';
import { numbered, stackThroughApi } from '../support/assessments';
import { expectNoSeriousA11yViolations } from '../support/page-checks';

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openBecomeMentor(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Be mentor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Become a Mentor' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(
      'Please fill in your details to become a mentor ( after a submission there will be a test ).',
    ),
  ).toBeVisible();
  return dialog;
}

/** Picks the right option of the question on screen. */
async function answerRight(page: Page) {
  await page.getByRole('radio', { name: /^Right \d+$/ }).check();
}

test('apply with bad input, apply, take the timed test, pass, and edit the mentor profile', async ({
  browser,
}) => {
  test.slow(); // a long journey: three times the configured timeout
  const stack = `Svelte ${randomUUID().slice(0, 6)}`;
  const other = `Solid ${randomUUID().slice(0, 6)}`;
  const adminContext = await browser.newContext();
  const learnerContext = await browser.newContext();
  try {
    // Only the admin API is needed here: the admin pages' sign-in is walked by the question-bank journey below.
    await adminSignInThroughApi(adminContext.request);
    await stackThroughApi(adminContext.request, stack, 10);
    await stackThroughApi(adminContext.request, other, 10);

    await signUpThroughApi(learnerContext, { name: 'Nila', email: newEmail() });
    const page = await learnerContext.newPage();
    await page.goto('/');

    // Every rule speaks in the spec's words, and nothing is sent while one is broken.
    let dialog = await openBecomeMentor(page);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Please select a stack domain',
      'Please select your experience level',
      'Please select at least one language',
      'Professional headline is required',
      'Bio is required',
      'Please enter a valid LinkedIn URL',
      'github URL is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await dialog.getByLabel('Professional Headline').fill('Too short');
    await dialog.getByLabel('LinkedIn profile').fill('https://example.com/in/nila');
    await dialog.getByLabel('GitHub profile').fill('https://gitlab.com/nila');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByText('Headline must be at least 10 characters')).toBeVisible();
    await expect(dialog.getByText('Must be a LinkedIn URL')).toBeVisible();
    await expect(dialog.getByText('Must be a Github URL')).toBeVisible();

    // Languages: each once, removed by the chip's cross, checked again each time.
    await choose(page, 'Preferred Language', 'English');
    await expect(dialog.getByText('Please select at least one language')).toBeHidden();
    await choose(page, 'Preferred Language', 'Tamil');
    await dialog.getByRole('button', { name: 'Remove English' }).click();
    await dialog.getByRole('button', { name: 'Remove Tamil' }).click();
    await expect(dialog.getByText('Please select at least one language')).toBeVisible();
    await choose(page, 'Preferred Language', 'English');
    await choose(page, 'Preferred Language', 'Hindi');

    await choose(page, 'Stack Domain', stack);
    await choose(page, 'Experience Level', '5+ years');
    await dialog.getByLabel('Professional Headline').fill('Frontend engineer who loves compilers');
    await dialog
      .getByLabel('Bio')
      .fill('Six years of building web apps; I enjoy explaining how the tools under our feet really work.');
    await dialog.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/nila');
    await dialog.getByLabel('GitHub profile').fill('https://github.com/nila');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Registered successfully!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/assessment\/[0-9a-f-]{36}$/);
    // Its introduction first (test-introduction.spec.ts looks at it closely); the clock starts on Start.
    await page.getByRole('button', { name: 'Start the test' }).click();

    // The test: no header, the stack, ten questions, the clock running from 15 minutes.
    await expect(page.getByRole('heading', { name: stack, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Account' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Questions' }).getByRole('button')).toHaveCount(10);
    await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
    await expectNoSeriousA11yViolations(page);

    // Answer eight, change one answer, and leave the last two for now.
    for (let i = 0; i < 8; i++) {
      await answerRight(page);
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Question 1, answered' }).click();
    await page.getByRole('radio', { name: /^Wrong \d+a$/ }).check();
    await page.getByRole('radio', { name: /^Right \d+$/ }).check();

    // A reload keeps the answers and the clock: the server has both.
    const before = await page.getByRole('timer').textContent();
    await page.reload();
    await expect(page.getByRole('button', { name: /, answered$/ })).toHaveCount(8);
    expect((await page.getByRole('timer').textContent()) ?? '').not.toBe('15:00');
    expect((await page.getByRole('timer').textContent())! <= before!).toBe(true);

    // Submitting with questions unanswered asks first.
    await page.getByRole('button', { name: 'Submit test' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Submit with 2 questions unanswered?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep answering' }).click();
    for (const name of ['Question 9, unanswered', 'Question 10, unanswered']) {
      await page.getByRole('button', { name }).click();
      await answerRight(page);
    }
    await page.getByRole('button', { name: 'Submit test' }).click();

    // The result: the score, the pass mark, and what happens next.
    await expect(page.getByRole('heading', { name: `You passed the ${stack} test` })).toBeVisible();
    await expect(page.getByText('10 / 10')).toBeVisible();
    await expect(page.getByText('70%', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Go to your profile' }).click();

    // The mentor's fields appear on the profile, from the application.
    await expect(page).toHaveURL(/\/profile\/general$/);
    const profile = page.getByRole('region', { name: 'Mentor profile' });
    await expect(profile.getByText('Frontend engineer who loves compilers')).toBeVisible();
    await expect(profile.getByText('5+ years experience')).toBeVisible();
    await expect(
      profile.getByRole('list', { name: 'Languages That I Speak' }).getByRole('listitem'),
    ).toHaveText(['English', 'Hindi']);
    await expect(profile.getByRole('list', { name: 'Assessed skills' }).getByRole('listitem')).toHaveText([
      stack,
    ]);
    await expectNoSeriousA11yViolations(page);

    // Edit the headline in place: a bad one is refused under the field, a good one saved.
    await profile.getByRole('button', { name: /edit headline/ }).click();
    await profile.getByLabel('Headline').fill('Short');
    await page.keyboard.press('Enter');
    await expect(profile.getByText('Headline must be at least 10 characters')).toBeVisible();
    await profile.getByLabel('Headline').fill('Staff engineer: compilers and the web');
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Your profile information has been updated successfully.').first(),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Mentor profile' }).getByText('Staff engineer: compilers and the web'),
    ).toBeVisible();

    // And the pass was a notification.
    await page.goto('/notifications');
    await expect(page.getByText(`You passed the ${stack} test with 10/10.`, { exact: false })).toBeVisible();

    // A mentor adds a skill: the menu says so, the form holds their profile, and the stack passed is not offered.
    await page.getByRole('button', { name: 'My Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Be mentor' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Add a skill' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a skill' });
    await expect(dialog.getByLabel('Professional Headline')).toHaveValue(
      'Staff engineer: compilers and the web',
    );
    await expect(dialog.getByLabel('GitHub profile')).toHaveValue('https://github.com/nila');
    await expect(dialog.getByRole('combobox', { name: 'Experience Level' })).toHaveText('5+ years');
    await dialog.getByRole('combobox', { name: 'Stack Domain' }).click();
    await expect(page.getByRole('option', { name: other, exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: stack, exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('option', { name: other, exact: true }).click();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('button', { name: 'Start the test' })).toBeVisible();
    await expect(page.getByRole('heading', { name: other, level: 1 })).toBeVisible();
  } finally {
    await adminContext.close();
    await learnerContext.close();
  }
});

test('an admin keeps the question bank: adds a stack and the question that makes it drawable, and that question is drawn', async ({
  browser,
}) => {
  test.slow(); // a long journey: three times the configured timeout
  const stack = `Elixir ${randomUUID().slice(0, 6)}`;
  const adminContext = await browser.newContext();
  const learnerContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await adminSignIn(admin);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Assessments' }).click();
    await expect(admin).toHaveURL(/\/admin\/assessment-managment$/);
    await expect(admin.getByRole('heading', { name: 'Assessment management', level: 1 })).toBeVisible();

    // A new stack, named through the page; nine questions through the API (the form is the same each time).
    await admin.getByLabel('Stack name').first().fill(stack);
    await admin.getByRole('button', { name: 'Add stack' }).click();
    const card = admin.getByRole('article', { name: stack });
    await expect(card).toBeVisible();
    await expect(card.getByText('Needs at least 10 active questions before anyone can apply.')).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    const stackId =
      ((await card.getByRole('link', { name: stack }).getAttribute('href')) ?? '').split('/').at(-1) ?? '';
    for (let n = 1; n <= 9; n++)
      expect(
        (
          await admin.request.post(`/api/admin/stacks/${stackId}/questions`, { data: numbered(stack, n) })
        ).status(),
      ).toBe(201);

    // The tenth, written in the dialog: a bad form first, then a good one.
    await card.getByRole('link', { name: stack }).click();
    await expect(admin.getByRole('heading', { name: stack, level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Add question' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await expect(dialog.getByText('Question text is required')).toBeVisible();
    await dialog
      .getByLabel('Question')
      .fill('Which Elixir construct runs a function in a new lightweight process?');
    await dialog.getByLabel('Option 1', { exact: true }).fill('spawn');
    await dialog.getByLabel('Option 2', { exact: true }).fill('Task.yield_many');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option 3', { exact: true }).fill('GenServer.reply');
    await dialog.getByRole('radio', { name: 'Correct option 1' }).check();
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Save question' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      admin.getByText('Which Elixir construct runs a function in a new lightweight process?'),
    ).toBeVisible();
    await expect(admin.getByText('Needs at least 10 active questions before anyone can apply.')).toBeHidden();
    await expectNoSeriousA11yViolations(admin);

    // A learner applies; the stack has exactly ten questions, so the admin's new one is among them.
    await signUpThroughApi(learnerContext, { name: 'Tomas', email: newEmail() });
    const page = await learnerContext.newPage();
    await page.goto('/');
    const apply = await openBecomeMentor(page);
    await choose(page, 'Stack Domain', stack);
    await choose(page, 'Experience Level', '2+ years');
    await choose(page, 'Preferred Language', 'Spanish');
    await apply.getByLabel('Professional Headline').fill('Backend developer, Elixir and Phoenix');
    await apply
      .getByLabel('Bio')
      .fill('Three years of Phoenix apps in production; I like teaching OTP with small examples.');
    await apply.getByLabel('LinkedIn profile').fill('https://linkedin.com/in/tomas');
    await apply.getByLabel('GitHub profile').fill('https://github.com/tomas');
    await apply.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/assessment\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Start the test' }).click();
    let seen = false;
    for (let i = 1; i <= 10 && !seen; i++) {
      await page.getByRole('button', { name: new RegExp(`^Question ${i}, `) }).click();
      seen = await page
        .getByRole('group', { name: 'Which Elixir construct runs a function in a new lightweight process?' })
        .isVisible();
    }
    expect(seen).toBe(true);
    await expect(page.getByRole('radio', { name: 'spawn' })).toBeVisible();
  } finally {
    await adminContext.close();
    await learnerContext.close();
  }
});
