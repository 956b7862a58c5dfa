import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TopicDrawer } from './topic-drawer';

const node = {
  id: 'n1',
  type: 'topic' as const,
  position: { x: 0, y: 0 },
  data: { label: 'Ownership' },
  background: '#fdff00',
};
const detail = {
  nodeId: 'n1',
  title: 'Ownership <b>rules</b>',
  description: '<img src=x onerror=alert(1)> Every value has one owner.',
  links: [
    { title: 'The book', url: 'https://doc.rust-lang.org/book/' },
    { title: 'Sneaky', url: 'javascript:alert(1)' },
  ],
};

function open(props: Partial<Parameters<typeof TopicDrawer>[0]> = {}) {
  const onMark = vi.fn();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <TopicDrawer
          node={node}
          detail={detail}
          status="pending"
          onMark={onMark}
          onClose={() => {}}
          {...props}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { onMark, dialog: screen.getByRole('dialog') };
}

describe('TopicDrawer', () => {
  it('shows what the author wrote as text, and only http(s) addresses as links', () => {
    const { dialog } = open();
    expect(within(dialog).getByRole('heading', { name: 'Ownership <b>rules</b>' })).toBeInTheDocument();
    expect(within(dialog).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'The book' })).toHaveAttribute(
      'href',
      'https://doc.rust-lang.org/book/',
    );
    expect(within(dialog).queryByRole('link', { name: /Sneaky/ })).toBeNull();
    expect(within(dialog).getByText('Sneaky (javascript:alert(1))')).toBeInTheDocument();
  });

  it('marks the topic for a signed-in reader', async () => {
    const { dialog, onMark } = open({ status: 'in_progress' });
    expect(within(dialog).getByRole('button', { name: 'In progress' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onMark).toHaveBeenCalledWith('done');
  });

  it('invites a visitor to sign in instead', () => {
    const { dialog } = open({ status: undefined });
    expect(within(dialog).queryByRole('button', { name: 'Done' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('links to the mentor listing searched for the topic', () => {
    const { dialog } = open({ node: { ...node, data: { label: 'C++ & Rust / FFI' } } });
    expect(within(dialog).getByRole('link', { name: 'Find a mentor for C++ & Rust / FFI' })).toHaveAttribute(
      'href',
      '/explore-mentors?search=C%2B%2B%20%26%20Rust%20%2F%20FFI',
    );
  });
});
