import {
  PASS_MARK_PERCENT,
  RETRY_AFTER_HOURS,
  TEST_DURATION_SECONDS,
  TEST_QUESTION_COUNT,
  type AssessmentTest,
} from '@skillroute/shared/assessments';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const nila = { id: 'u1', name: 'Nila', email: 'nila@example.com', role: 'user', avatar: null } as const;
const stackId = '3f1f7a3e-0a0b-4c5d-8e9f-101112131415';

afterEach(() => act(() => resetToasts()));

// The header's account menu and the dialog are lazy chunks. Loaded here, once, rather than inside the first
// test, whose clock would otherwise include transforming them (seconds on a busy machine).
beforeAll(() =>
  Promise.all([
    import('@/features/auth/components/account-menu'),
    import('@/features/assessment/components/become-mentor-dialog'),
    import('@/features/assessment/pages/assessment-page'),
    import('@/features/profile/pages/profile-general-page'),
  ]),
);

function signedIn(
  path: string,
  handlers: Routes,
  user: typeof nila | (Omit<typeof nila, 'role'> & { role: 'mentor' }) = nila,
) {
  const server = serve({
    'GET /api/auth/session': () => json(200, { user }),
    'GET /api/user/u1': () => json(200, { user }),
    ...handlers,
  });
  const store = makeTestStore();
  store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, path, store) };
}

async function openDialog(
  user: ReturnType<typeof userEvent.setup>,
  item = 'Be mentor',
  title = 'Become a Mentor',
) {
  await user.click(await screen.findByRole('button', { name: 'My Account' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: title });
}

async function fillValidApplication(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Stack Domain' }));
  await user.click(await screen.findByRole('option', { name: 'React' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Experience Level' }));
  await user.click(await screen.findByRole('option', { name: '3+ years' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Preferred Language' }));
  await user.click(await screen.findByRole('option', { name: 'English' }));
  // Pasted, not typed: typing 170 characters dispatches some 850 key and input events, each rendered
  // under act(), which cost 0.6 to 1 s of CPU per test here; the form reads the fields only on submit.
  await fill(user, within(dialog).getByLabelText('Professional Headline'), 'Frontend engineer at a bank');
  await fill(
    user,
    within(dialog).getByLabelText('Bio'),
    'I have shipped React apps for years and like helping people learn the craft.',
  );
  await fill(user, within(dialog).getByLabelText('LinkedIn profile'), 'https://www.linkedin.com/in/nila');
  await fill(user, within(dialog).getByLabelText('GitHub profile'), 'https://github.com/nila');
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('the Become a Mentor dialog', () => {
  it('says so while the stacks load, and when they fail', async () => {
    const user = userEvent.setup();
    let fail!: () => void;
    signedIn('/', {
      'GET /api/assessment': () => new Promise((resolve) => (fail = () => resolve(envelope(500, 'Down.')))),
    });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('combobox', { name: 'Stack Domain' })).toHaveTextContent(
      'Loading stacks...',
    );
    fail();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error loading stacks.');
  });

  it('sends the application with the signed-in user and goes to the test with the spec’s toast', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = signedIn('/', {
      'GET /api/assessment': () => json(200, [{ id: stackId, name: 'React' }]),
      'POST /api/assessment/tests': () => json(201, { id: 'test-1' }),
      'GET /api/assessment/tests/test-1': () => new Promise<Response>(() => {}),
    });
    const dialog = await openDialog(user);
    await fillValidApplication(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/test-1'));
    expect(callsTo('POST', '/api/assessment/tests')[0]?.body).toEqual({
      stackId,
      expirience: '3',
      languages: ['english'],
      headline: 'Frontend engineer at a bank',
      bio: 'I have shipped React apps for years and like helping people learn the craft.',
      linkedinUrl: 'https://www.linkedin.com/in/nila',
      githubUrl: 'https://github.com/nila',
      userId: 'u1',
    });
    expect(await screen.findByText('Registered successfully!')).toBeInTheDocument();
  });

  // One dialog, filled once, submitted three times: a refused application leaves the dialog open with what was
  // typed, so each answer's toast is checked on the same form instead of rendering and filling it three times.
  it('answers a 404, a 409 and a 500 with the spec’s toasts, keeping the dialog open', async () => {
    const user = userEvent.setup();
    const answers = [
      [404, 'Stack not found.', 'For this stack currently no tests.'],
      [409, 'You can take the React test again in 5 hours.', 'You can take the React test again in 5 hours.'],
      [500, 'Boom.', 'Uh oh! Something went wrong.'],
    ] as const;
    let call = 0;
    const { callsTo } = signedIn('/', {
      'GET /api/assessment': () => json(200, [{ id: stackId, name: 'React' }]),
      'POST /api/assessment/tests': () => {
        const [status, message] = answers[call++] ?? answers[2];
        return envelope(status, message);
      },
    });
    const dialog = await openDialog(user);
    await fillValidApplication(user, dialog);
    for (const [status, , toastText] of answers) {
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      expect(
        await screen.findByText(toastText, { selector: '[data-slot="toast"] *' }),
        `the toast of a ${status}`,
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Become a Mentor' })).toBeInTheDocument();
    }
    expect(callsTo('POST', '/api/assessment/tests')).toHaveLength(3);
  });
});

/**
 * Watches the console for a component switching between controlled and uncontrolled: React says so through
 * console.error, Radix's Select ("Select is changing from uncontrolled to controlled") through console.warn.
 */
function watchControlSwitches() {
  const spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  return {
    switches: () =>
      spies
        .flatMap((spy) => spy.mock.calls)
        .map((args) => args.map(String).join(' '))
        .filter((text) => /(uncontrolled to controlled|controlled to uncontrolled)/.test(text)),
    stop: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

describe('the selects of the dialog', () => {
  it('never switch from uncontrolled to controlled while values are chosen', async () => {
    const watch = watchControlSwitches();
    try {
      const user = userEvent.setup();
      signedIn('/', { 'GET /api/assessment': () => json(200, [{ id: stackId, name: 'React' }]) });
      const dialog = await openDialog(user);
      await fillValidApplication(user, dialog);
      expect(within(dialog).getByRole('combobox', { name: 'Stack Domain' })).toHaveTextContent('React');
      expect(within(dialog).getByRole('combobox', { name: 'Experience Level' })).toHaveTextContent(
        '3+ years',
      );
      expect(watch.switches()).toEqual([]);
    } finally {
      watch.stop();
    }
  });
});

describe('a mentor adding a skill', () => {
  const nodeId = '3f1f7a3e-0a0b-4c5d-8e9f-101112131416';
  const sqlId = '3f1f7a3e-0a0b-4c5d-8e9f-101112131417';
  const mentorUser = { ...nila, role: 'mentor' as const };
  const profile = {
    id: 'u1',
    name: 'Nila',
    email: 'nila@example.com',
    avatar: null,
    role: 'mentor',
    headline: 'Frontend engineer at a bank',
    bio: 'I have shipped React apps for years and like helping people learn the craft.',
    expirience: 4,
    languages: ['english', 'tamil'],
    assessedSkills: ['React'],
    linkedinUrl: 'https://www.linkedin.com/in/nila',
    githubUrl: 'https://github.com/nila',
    companies: [],
    pricePerSession: null,
    timezone: 'Asia/Kolkata',
    rating: null,
    reviewCount: 0,
    sessionsHeld: 0,
  };

  it('opens "Add a skill" filled in from the mentor profile, offering only the stacks not held yet', async () => {
    const watch = watchControlSwitches();
    try {
      const user = userEvent.setup();
      const { callsTo, router } = signedIn(
        '/',
        {
          'GET /api/assessment': () =>
            json(200, [
              { id: stackId, name: 'React' },
              { id: nodeId, name: 'Node.js' },
              { id: sqlId, name: 'SQL' },
            ]),
          'GET /api/mentor/details/u1': () => json(200, { mentor: profile }),
          'POST /api/assessment/tests': () => json(201, { id: 'test-2' }),
          'GET /api/assessment/tests/test-2': () => new Promise<Response>(() => {}),
        },
        mentorUser,
      );
      await user.click(await screen.findByRole('button', { name: 'My Account' }));
      expect(await screen.findByRole('menuitem', { name: 'Add a skill' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Be mentor' })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      const dialog = await openDialog(user, 'Add a skill', 'Add a skill');

      expect(await within(dialog).findByDisplayValue(profile.headline)).toHaveAccessibleName(
        'Professional Headline',
      );
      expect(within(dialog).getByLabelText('Bio')).toHaveValue(profile.bio);
      expect(within(dialog).getByLabelText('LinkedIn profile')).toHaveValue(profile.linkedinUrl);
      expect(within(dialog).getByLabelText('GitHub profile')).toHaveValue(profile.githubUrl);
      expect(within(dialog).getByRole('combobox', { name: 'Experience Level' })).toHaveTextContent(
        '3+ years',
      );
      expect(within(dialog).getByRole('list', { name: 'Chosen languages' })).toHaveTextContent(
        /English.*Tamil/,
      );
      // The one choice left to make takes the focus once the stacks are there.
      await waitFor(() =>
        expect(within(dialog).getByRole('combobox', { name: 'Stack Domain' })).toHaveFocus(),
      );

      await user.click(within(dialog).getByRole('combobox', { name: 'Stack Domain' }));
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
        'Node.js',
        'SQL',
      ]);
      await user.click(screen.getByRole('option', { name: 'Node.js' }));
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/test-2'));
      expect(callsTo('POST', '/api/assessment/tests')[0]?.body).toEqual({
        stackId: nodeId,
        expirience: '3',
        languages: ['english', 'tamil'],
        headline: profile.headline,
        bio: profile.bio,
        linkedinUrl: profile.linkedinUrl,
        githubUrl: profile.githubUrl,
        userId: 'u1',
      });
      expect(watch.switches()).toEqual([]);
    } finally {
      watch.stop();
    }
  });

  it('says so when the mentor holds every stack offered', async () => {
    const user = userEvent.setup();
    signedIn(
      '/',
      {
        'GET /api/assessment': () => json(200, [{ id: stackId, name: 'react' }]),
        'GET /api/mentor/details/u1': () => json(200, { mentor: profile }),
      },
      mentorUser,
    );
    const dialog = await openDialog(user, 'Add a skill', 'Add a skill');
    const stack = within(dialog).getByRole('combobox', { name: 'Stack Domain' });
    await waitFor(() => expect(stack).toHaveTextContent('You hold every stack offered'));
    expect(stack).toBeDisabled();
  });
});

describe('applying while a test runs', () => {
  it('takes the person back to the running test', async () => {
    const user = userEvent.setup();
    const { router } = signedIn('/', {
      'GET /api/assessment': () => json(200, [{ id: stackId, name: 'React' }]),
      'POST /api/assessment/tests': () =>
        json(409, {
          message: 'You have a test in progress.',
          errors: [{ message: 'You have a test in progress.' }],
          reason: 'test_in_progress',
        }),
      'GET /api/assessment/tests': () =>
        json(200, {
          tests: [
            {
              id: 'running',
              stack: { id: stackId, name: 'SQL' },
              status: 'in_progress',
              startedAt: '',
              expiresAt: '',
              score: null,
              total: 10,
            },
          ],
        }),
      'GET /api/assessment/tests/running': () => new Promise<Response>(() => {}),
    });
    const dialog = await openDialog(user);
    await fillValidApplication(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/running'));
    expect(await screen.findByText('Back to your SQL test: the clock has kept running.')).toBeInTheDocument();
  });
});

/** Ids as the api hands them out (uuids): question n, and its options a and b. */
const questionId = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
const optionId = (n: number, option: 'a' | 'b') => `00000000-0000-4000-8000-0000000002${n}${option}`;

const question = (n: number) => ({
  id: questionId(n),
  text: `Question ${n}?`,
  options: [
    { id: optionId(n, 'a'), text: `Answer ${n}a` },
    { id: optionId(n, 'b'), text: `Answer ${n}b` },
  ],
});

function runningTest(secondsLeft: number, answers: AssessmentTest['answers'] = []): AssessmentTest {
  const now = Date.now();
  return {
    id: 't1',
    stack: { id: stackId, name: 'React' },
    status: 'in_progress',
    durationSeconds: 900,
    startedAt: new Date(now - (900 - secondsLeft) * 1000).toISOString(),
    expiresAt: new Date(now + secondsLeft * 1000).toISOString(),
    serverTime: new Date(now).toISOString(),
    questions: [question(1), question(2), question(3)],
    answers,
    result: null,
  };
}

const passed = {
  score: 3,
  total: 3,
  passed: true,
  passMark: 70,
  late: false,
  submittedAt: new Date().toISOString(),
  retryAt: null,
};

function unstartedTest(): AssessmentTest {
  return { ...runningTest(900), startedAt: null, expiresAt: null, questions: [] };
}

describe('the test introduction', () => {
  it('says what is coming and starts the server’s clock only on Start', async () => {
    const user = userEvent.setup();
    const { callsTo } = signedIn('/assessment/t1', {
      'GET /api/assessment/tests/t1': () => json(200, unstartedTest()),
      'POST /api/assessment/tests/t1/start': () => json(200, runningTest(900)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    const intro = screen.getByRole('region', { name: 'Before you start' });
    expect(intro).toHaveTextContent(`${TEST_QUESTION_COUNT} questions`);
    expect(intro).toHaveTextContent(`${TEST_DURATION_SECONDS / 60} minutes`);
    expect(intro).toHaveTextContent(`${PASS_MARK_PERCENT}% to pass`);
    expect(intro).toHaveTextContent(`${RETRY_AFTER_HOURS} hours after a fail`);
    // No clock and no question until Start, and reading the page started nothing.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/assessment/tests/t1/start')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/');
    // The root layout's <main> holds the page: one main landmark, not two nested.
    expect(screen.getAllByRole('main')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    expect(await screen.findByRole('timer')).toHaveTextContent(/^(15:00|14:59)$/);
    expect(screen.getByRole('group', { name: 'Question 1?' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/assessment/tests/t1/start')).toHaveLength(1);
    expect(callsTo('GET', '/api/assessment/tests/t1')).toHaveLength(1);
    // Start is gone: its focus moves to the first question.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toHaveFocus());
  });

  it('stays on the introduction with the server’s reason when Start is refused', async () => {
    const user = userEvent.setup();
    signedIn('/assessment/t1', {
      'GET /api/assessment/tests/t1': () => json(200, unstartedTest()),
      'POST /api/assessment/tests/t1/start': () =>
        envelope(409, 'This test was not started within 24 hours and has lapsed. Apply again to take it.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    expect(
      await screen.findByText(
        'This test was not started within 24 hours and has lapsed. Apply again to take it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Before you start' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});

describe('the test page', () => {
  it('saves each choice, tells which questions are unanswered, and asks before submitting with some left', async () => {
    const user = userEvent.setup();
    const { callsTo } = signedIn('/assessment/t1', {
      'GET /api/assessment/tests/t1': () =>
        json(200, runningTest(600, [{ questionId: questionId(1), optionId: optionId(1, 'b') }])),
      'PUT /api/assessment/tests/t1/answers': () => json(200, { answers: [] }),
      'POST /api/assessment/tests/submit': () => json(200, passed),
    });
    // It opens on the first unanswered question, with the saved answer kept.
    expect(await screen.findByRole('group', { name: 'Question 2?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 answered, 2 unanswered')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|09:59)$/);

    await user.click(screen.getByRole('radio', { name: 'Answer 2a' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/api/assessment/tests/t1/answers')[0]?.body).toEqual({
        questionId: questionId(2),
        optionId: optionId(2, 'a'),
      }),
    );
    expect(screen.getByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit test' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Submit with 1 question unanswered?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep answering' }));
    expect(callsTo('POST', '/api/assessment/tests/submit')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Submit test' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit anyway' }),
    );
    expect(await screen.findByRole('heading', { name: 'You passed the React test' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/assessment/tests/submit')[0]?.body).toEqual({
      testId: 't1',
      answers: [
        { questionId: questionId(1), optionId: optionId(1, 'b') },
        { questionId: questionId(2), optionId: optionId(2, 'a') },
      ],
    });
  });

  it('hands the test in by itself when the clock reaches zero', async () => {
    const { callsTo } = signedIn('/assessment/t1', {
      'GET /api/assessment/tests/t1': () =>
        json(200, runningTest(1, [{ questionId: questionId(3), optionId: optionId(3, 'a') }])),
      'POST /api/assessment/tests/submit': () =>
        json(200, {
          ...passed,
          score: 1,
          passed: false,
          retryAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
    });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'You did not pass the React test this time' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/assessment/tests/submit')[0]?.body).toEqual({
      testId: 't1',
      answers: [{ questionId: questionId(3), optionId: optionId(3, 'a') }],
    });
    expect(screen.getByText(/You need 70% to pass/)).toBeInTheDocument();
  });

  it('shows a finished test’s result instead of the questions', async () => {
    signedIn('/assessment/t1', {
      'GET /api/assessment/tests/t1': () =>
        json(200, { ...runningTest(0), status: 'passed', result: passed }),
    });
    expect(await screen.findByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile/general',
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('says when the test belongs to someone else', async () => {
    signedIn('/assessment/t2', {
      'GET /api/assessment/tests/t2': () => envelope(403, 'This test belongs to someone else.'),
    });
    expect(await screen.findByRole('heading', { name: 'Not your test' })).toBeInTheDocument();
    expect(screen.getByText('This test belongs to someone else.')).toBeInTheDocument();
  });
});

describe('the mentor fields on the profile', () => {
  const mentorUser = { ...nila, role: 'mentor' as const };
  const mentor = {
    id: 'u1',
    name: 'Nila',
    email: 'nila@example.com',
    avatar: null,
    role: 'mentor',
    headline: 'Frontend engineer at a bank',
    bio: 'I have shipped React apps for years and like helping people learn the craft.',
    expirience: 3,
    languages: ['english'],
    assessedSkills: ['React'],
    linkedinUrl: 'https://www.linkedin.com/in/nila',
    githubUrl: 'https://github.com/nila',
    companies: [],
    pricePerSession: null,
    timezone: 'Asia/Kolkata',
    rating: null,
    reviewCount: 0,
    sessionsHeld: 0,
  };

  it('are not shown to someone who is not a mentor', async () => {
    const { callsTo } = signedIn('/profile/general', {});
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/user/u1')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Mentor profile' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/mentor/details/u1')).toHaveLength(0);
  });

  it('show a mentor’s profile and save a change through PUT /api/mentor, refusing a bad one under the field', async () => {
    const user = userEvent.setup();
    const { callsTo } = signedIn(
      '/profile/general',
      {
        'GET /api/mentor/details/u1': () => json(200, { mentor }),
        'PUT /api/mentor': () => json(200, { message: 'ok', mentor: { ...mentor, expirience: 4 } }),
      },
      mentorUser,
    );
    const section = await screen.findByRole('region', { name: 'Mentor profile' });
    expect(await within(section).findByText('3+ years experience')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Assessed skills' })).toHaveTextContent('React');

    await user.click(within(section).getByRole('button', { name: /edit experience/ }));
    await user.clear(within(section).getByLabelText('Experience'));
    await user.type(within(section).getByLabelText('Experience'), '2.5{Enter}');
    expect(await within(section).findByText('Experience must be a whole number.')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('Experience'));
    await user.type(within(section).getByLabelText('Experience'), '4{Enter}');
    await waitFor(() =>
      expect(callsTo('PUT', '/api/mentor')[0]?.body).toEqual({
        mentorId: 'u1',
        updatedData: { expirience: 4 },
      }),
    );
    expect(
      await screen.findByText('Your profile information has been updated successfully.'),
    ).toBeInTheDocument();

    // The last language cannot be removed: a mentor speaks at least one.
    await user.click(within(section).getByRole('button', { name: 'Remove English' }));
    expect(await within(section).findByText('Please select at least one language')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/mentor')).toHaveLength(1);
  });
});
