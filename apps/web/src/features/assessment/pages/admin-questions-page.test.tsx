import type { AdminQuestion, AdminStack } from '@skillroute/shared/assessments';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AdminQuestionsPage } from './admin-questions-page';

beforeEach(() => {
  // jsdom has no ResizeObserver; Radix's Switch measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const stackId = '00000000-0000-4000-8000-000000000001';
const questionsPath = `/api/admin/stacks/${stackId}/questions`;
const stack: AdminStack = {
  id: stackId,
  name: 'React',
  isActive: true,
  questionCount: 2,
  activeQuestionCount: 1,
};
const hooks: AdminQuestion = {
  id: '00000000-0000-4000-8000-0000000000a1',
  text: 'Which hook keeps state between renders?',
  isActive: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
  options: [
    { id: 'o1', text: 'useState', isCorrect: true },
    { id: 'o2', text: 'useMemo', isCorrect: false },
    { id: 'o3', text: 'useId', isCorrect: false },
  ],
};
const retired: AdminQuestion = {
  id: '00000000-0000-4000-8000-0000000000a2',
  text: 'What does JSX compile to?',
  isActive: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  options: [
    { id: 'o4', text: 'Function calls', isCorrect: true },
    { id: 'o5', text: 'HTML strings', isCorrect: false },
  ],
};

function openPage(routes: Routes, id = stackId) {
  const server = serve(routes);
  const element = (
    <>
      <AdminQuestionsPage />
      <Toaster />
    </>
  );
  const view = renderRoutes(
    [
      { path: '/admin/assessment-managment/:id', element },
      { path: '/admin/assessment-managment', element: <h1>All the stacks</h1> },
    ],
    `/admin/assessment-managment/${id}`,
  );
  return { ...server, ...view };
}

const withQuestions = (questions: AdminQuestion[], extra: Routes = {}) => ({
  [`GET ${questionsPath}`]: () => json(200, { stack, questions }),
  ...extra,
});

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add question' }));
  return screen.findByRole('dialog', { name: 'Add question' });
}

describe('/admin/assessment-managment/:id', () => {
  it('shows the stack, its counts and warning, and each question with its correct option marked', async () => {
    openPage(withQuestions([hooks, retired]));
    expect(screen.getByText('Loading questions...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All stacks' })).toHaveAttribute(
      'href',
      '/admin/assessment-managment',
    );
    expect(screen.getByText('1 active of 2 questions')).toBeInTheDocument();
    expect(
      screen.getByText('Needs at least 10 active questions before anyone can apply.'),
    ).toBeInTheDocument();

    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2, name: 'Question 1' })).toBeInTheDocument();
    expect(within(first).getByText(hooks.text)).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['useState (correct)', 'useMemo', 'useId']);
    expect(within(first).queryByText('Inactive')).toBeNull();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
  });

  it('says so when the stack does not exist, with the way back', async () => {
    const user = userEvent.setup();
    openPage({ [`GET ${questionsPath}`]: () => envelope(404, 'Stack not found.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stack not found.' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All stacks' }));
    expect(await screen.findByRole('heading', { name: 'All the stacks' })).toBeInTheDocument();
  });

  it('treats an id that is not a uuid as an unknown stack', async () => {
    openPage(
      { 'GET /api/admin/stacks/nope/questions': () => envelope(400, 'Not a valid id', { field: 'id' }) },
      'nope',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Stack not found.' })).toBeInTheDocument();
  });

  it('checks a question with the shared messages before sending it', async () => {
    const user = userEvent.setup();
    const { callsTo } = openPage(withQuestions([]));
    expect(await screen.findByText('No questions yet.')).toBeInTheDocument();
    const dialog = await openAddDialog(user);
    const save = within(dialog).getByRole('button', { name: 'Save question' });

    await user.click(save);
    expect(await within(dialog).findByText('Question text is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question')).toHaveFocus();
    expect(within(dialog).getAllByText('Option text is required')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText('Question'), 'Which hook keeps state?');
    await user.type(within(dialog).getByLabelText('Option 1'), 'useState');
    await user.type(within(dialog).getByLabelText('Option 2'), 'useMemo');
    await user.click(save);
    expect(await within(dialog).findByText('Mark exactly one option as correct')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: 'Correct option' })).toHaveAccessibleDescription(
      /Mark exactly one option as correct/,
    );

    // Choosing the correct option clears the message at once, the form having been submitted.
    await user.click(within(dialog).getByRole('radio', { name: 'Correct option 1' }));
    await waitFor(() => expect(within(dialog).queryByText('Mark exactly one option as correct')).toBeNull());

    await user.clear(within(dialog).getByLabelText('Option 2'));
    await user.type(within(dialog).getByLabelText('Option 2'), ' USESTATE ');
    await user.click(save);
    expect(await within(dialog).findByText('Options must differ from each other')).toBeInTheDocument();
    expect(callsTo('POST', questionsPath)).toHaveLength(0);
  });

  it('adds options up to six, removes them down to two, and keeps focus in the form', async () => {
    const user = userEvent.setup();
    openPage(withQuestions([]));
    const dialog = await openAddDialog(user);
    const add = within(dialog).getByRole('button', { name: 'Add option' });
    expect(within(dialog).getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Remove option 2' })).toBeDisabled();

    for (const count of [3, 4, 5, 6]) {
      await user.click(add);
      expect(within(dialog).getByLabelText(`Option ${count}`)).toHaveFocus();
    }
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Remove option 1' })).toBeEnabled();

    await user.type(within(dialog).getByLabelText('Option 3'), 'third');
    await user.type(within(dialog).getByLabelText('Option 4'), 'fourth');
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    // The option that moved up takes the removed one's place, and focus.
    await waitFor(() => expect(within(dialog).getByLabelText('Option 3')).toHaveFocus());
    expect(within(dialog).getByLabelText('Option 3')).toHaveValue('fourth');
    expect(add).toBeEnabled();

    for (let left = 5; left > 2; left -= 1)
      await user.click(within(dialog).getByRole('button', { name: `Remove option ${left}` }));
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Remove option 2' })).toBeDisabled();
  });

  it('saves a new question, then closes the dialog and lists it', async () => {
    const user = userEvent.setup();
    let questions: AdminQuestion[] = [];
    const { callsTo } = openPage({
      [`GET ${questionsPath}`]: () =>
        json(200, {
          stack: { ...stack, questionCount: questions.length, activeQuestionCount: questions.length },
          questions,
        }),
      [`POST ${questionsPath}`]: () => {
        questions = [hooks];
        return json(201, { question: hooks });
      },
    });
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Question'), ` ${hooks.text} `);
    await user.type(within(dialog).getByLabelText('Option 1'), 'useMemo');
    await user.type(within(dialog).getByLabelText('Option 2'), 'useState');
    await user.click(within(dialog).getByRole('radio', { name: 'Correct option 2' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Question saved')).toBeInTheDocument();
    expect(callsTo('POST', questionsPath)[0]?.body).toEqual({
      text: hooks.text,
      options: [
        { text: 'useMemo', isCorrect: false },
        { text: 'useState', isCorrect: true },
      ],
      isActive: true,
    });
    expect(await screen.findByText(hooks.text)).toBeInTheDocument();
    expect(screen.getByText('1 active of 1 question')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add question' })).toHaveFocus();
  });

  it('edits a question from its saved values and puts the server’s field errors under their fields', async () => {
    const user = userEvent.setup();
    const editPath = `/api/admin/questions/${hooks.id}`;
    let attempts = 0;
    const { callsTo } = openPage(
      withQuestions([hooks], {
        [`PUT ${editPath}`]: () => {
          attempts += 1;
          return attempts === 1
            ? envelope(400, 'Option text must not exceed 300 characters', { field: 'options.1.text' })
            : json(200, { question: hooks });
        },
      }),
    );
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByLabelText('Question')).toHaveValue(hooks.text);
    expect(within(dialog).getByLabelText('Option 3')).toHaveValue('useId');
    expect(within(dialog).getByRole('radio', { name: 'Correct option 1' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();

    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await within(dialog).findByText('Option text must not exceed 300 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Option 2')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', editPath)[1]?.body).toEqual({
      text: hooks.text,
      options: hooks.options.map(({ text, isCorrect }) => ({ text, isCorrect })),
      isActive: false,
    });
  });

  it('deletes a question after confirming', async () => {
    const user = userEvent.setup();
    let questions = [hooks, retired];
    const { callsTo } = openPage({
      [`GET ${questionsPath}`]: () => json(200, { stack, questions }),
      [`DELETE /api/admin/questions/${retired.id}`]: () => {
        questions = [hooks];
        return json(200, { message: 'Question deleted.' });
      },
    });
    const second = (await screen.findAllByRole('article'))[1]!;
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete question 2?' });
    expect(dialog).toHaveTextContent(retired.text);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('Question deleted')).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/admin/questions/${retired.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'React' })).toHaveFocus());
  });
});
