import type { AdminStack } from '@skillroute/shared/assessments';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AdminStacksPage } from './admin-stacks-page';

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const react: AdminStack = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'React',
  isActive: true,
  questionCount: 12,
  activeQuestionCount: 11,
};
const go: AdminStack = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Go',
  isActive: false,
  questionCount: 12,
  activeQuestionCount: 9,
};
const warning = 'Needs at least 10 active questions before anyone can apply.';

function openPage(routes: Routes) {
  const server = serve(routes);
  const view = renderRoutes(
    [
      {
        path: '/admin/assessment-managment',
        element: (
          <>
            <AdminStacksPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/admin/assessment-managment',
  );
  return { ...server, ...view };
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('/admin/assessment-managment', () => {
  it('lists the stacks with their state and counts, and warns where fewer than ten questions are active', async () => {
    openPage({ 'GET /api/admin/stacks': () => json(200, { stacks: [react, go] }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Assessment management' })).toBeInTheDocument();
    expect(screen.getByText('Loading stacks...')).toBeInTheDocument();

    const reactCard = await card('React');
    expect(within(reactCard).getByRole('link', { name: 'React' })).toHaveAttribute(
      'href',
      `/admin/assessment-managment/${react.id}`,
    );
    expect(within(reactCard).getByText('Active')).toBeInTheDocument();
    expect(within(reactCard).getByText('11 active of 12 questions')).toBeInTheDocument();
    expect(within(reactCard).queryByText(warning)).toBeNull();
    expect(within(reactCard).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();

    const goCard = await card('Go');
    expect(within(goCard).getByText('Inactive')).toBeInTheDocument();
    expect(within(goCard).getByText('9 active of 12 questions')).toBeInTheDocument();
    expect(within(goCard).getByText(warning)).toBeInTheDocument();
    expect(within(goCard).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('says when there are no stacks', async () => {
    openPage({ 'GET /api/admin/stacks': () => json(200, { stacks: [] }) });
    expect(await screen.findByText('No stacks yet.')).toBeInTheDocument();
  });

  it('says when the stacks cannot be loaded', async () => {
    openPage({ 'GET /api/admin/stacks': () => envelope(500, 'Something went wrong on our side.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading stacks.');
  });

  it('adds a stack checked with the shared rule, and puts a taken name under the field', async () => {
    const user = userEvent.setup();
    let stacks = [react];
    const { callsTo } = openPage({
      'GET /api/admin/stacks': () => json(200, { stacks }),
      'POST /api/admin/stacks': (call) => {
        const { name } = call.body as { name: string };
        if (name === 'React')
          return envelope(409, 'A stack with this name already exists.', { field: 'name' });
        const stack = {
          id: '00000000-0000-4000-8000-000000000003',
          name,
          isActive: true,
          questionCount: 0,
          activeQuestionCount: 0,
        };
        stacks = [...stacks, stack];
        return json(201, { stack });
      },
    });
    await card('React');
    const field = screen.getByLabelText('Stack name');
    await user.click(screen.getByRole('button', { name: 'Add stack' }));
    expect(await screen.findByText('Stack name is required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/admin/stacks')).toHaveLength(0);

    await user.type(field, 'React');
    await user.click(screen.getByRole('button', { name: 'Add stack' }));
    expect(await screen.findByText('A stack with this name already exists.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('A stack with this name already exists.');

    await user.clear(field);
    await user.type(field, '  Rust ');
    await user.click(screen.getByRole('button', { name: 'Add stack' }));
    expect(await screen.findByText('Stack added')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/stacks')[1]?.body).toEqual({ name: 'Rust' });
    const rust = await card('Rust');
    expect(within(rust).getByText('0 active of 0 questions')).toBeInTheDocument();
    expect(within(rust).getByText(warning)).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('renames a stack in a dialog, and deactivates it', async () => {
    const user = userEvent.setup();
    let stack = react;
    const { callsTo } = openPage({
      'GET /api/admin/stacks': () => json(200, { stacks: [stack] }),
      'PUT /api/admin/stacks/00000000-0000-4000-8000-000000000001': (call) => {
        stack = { ...stack, ...(call.body as Partial<AdminStack>) };
        return json(200, { stack });
      },
    });
    await user.click(within(await card('React')).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename React' });
    const field = within(dialog).getByLabelText('Stack name');
    expect(field).toHaveValue('React');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Stack name is required')).toBeInTheDocument();
    await user.type(field, 'React 19');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const renamed = await card('React 19');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the button that opened the dialog.
    expect(within(renamed).getByRole('button', { name: 'Rename' })).toHaveFocus();

    await user.click(within(renamed).getByRole('button', { name: 'Deactivate' }));
    expect(await within(renamed).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(renamed).getByText('Inactive')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/admin/stacks/${react.id}`).map((call) => call.body)).toEqual([
      { name: 'React 19' },
      { isActive: false },
    ]);
    expect(screen.getByText('Stack deactivated')).toBeInTheDocument();
  });

  it('asks before deleting, and shows the server’s reason when the stack cannot go', async () => {
    const user = userEvent.setup();
    const refusal = 'Tests were taken in this stack, so it cannot be deleted: deactivate it instead.';
    const { callsTo } = openPage({
      'GET /api/admin/stacks': () => json(200, { stacks: [react] }),
      'DELETE /api/admin/stacks/00000000-0000-4000-8000-000000000001': () => envelope(409, refusal),
    });
    const reactCard = await card('React');
    await user.click(within(reactCard).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete React?' });
    expect(dialog).toHaveTextContent('Its 12 questions will be deleted with it.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('DELETE', `/api/admin/stacks/${react.id}`)).toHaveLength(0);

    await user.click(within(reactCard).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'React' })).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/admin/stacks/${react.id}`)).toHaveLength(1);
  });

  it('deletes a stack and leaves focus on the page heading', async () => {
    const user = userEvent.setup();
    let stacks = [react, go];
    openPage({
      'GET /api/admin/stacks': () => json(200, { stacks }),
      'DELETE /api/admin/stacks/00000000-0000-4000-8000-000000000002': () => {
        stacks = [react];
        return json(200, { message: 'Stack deleted.' });
      },
    });
    await user.click(within(await card('Go')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Go?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Go' })).toBeNull());
    expect(screen.getByText('Stack deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});
