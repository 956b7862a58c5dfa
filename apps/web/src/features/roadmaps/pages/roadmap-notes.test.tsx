import type { Roadmap } from '@skillroute/shared/roadmap-api';
import { TOPIC_NOTE_SAVE_DELAY_MS, topicNoteMessages } from '@skillroute/shared/topic-note-rules';
import type { TopicNote } from '@skillroute/shared/topic-notes';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { RoadmapPicture } from '../components/viewer/roadmap-picture';

afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
});

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

const node = (id: string, label: string, y: number) => ({
  id,
  type: 'topic' as const,
  position: { x: 0, y },
  data: { label },
  background: '#fdff00',
});

const roadmap: Roadmap = {
  id: 'r1',
  title: 'Rust from zero',
  description: 'From cargo new to fearless concurrency.',
  status: 'published',
  isActive: true,
  adminFeedback: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  author: { id: 'u2', name: 'Bea' },
  nodeCount: 2,
  nodes: [node('n1', 'Ownership', 0), node('n2', 'Traits', 100)],
  edges: [{ source: 'n1', target: 'n2' }],
};

const note = (nodeId: string, label: string, text: string): TopicNote => ({
  nodeId,
  label,
  text,
  updatedAt: '2026-11-21T10:00:00.000Z',
});

/** The roadmap page at /roadmap/r1, signed in as Ada unless `signedIn` is false, with these notes of hers. */
function roadmapPage(notes: TopicNote[], extra: Routes = {}, signedIn = true) {
  const server = serve({
    'GET /api/auth/session': () => new Promise<Response>(() => {}),
    'GET /api/roadmap/r1': () => json(200, roadmap),
    'GET /api/roadmap/nodedetails/r1': () => json(200, []),
    'GET /api/roadmap/r1/progress': () => json(200, { progress: [] }),
    'GET /api/roadmap/r1/notes': () => json(200, { notes }),
    ...extra,
  });
  const store = makeTestStore();
  if (signedIn) store.dispatch(login(ada));
  return { ...server, ...renderRoutes(routes, '/roadmap/r1', store) };
}

const outlineButton = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Roadmap outline' })).getByRole('button', { name });

/** Opens a topic from the outline by keyboard alone, and answers its note field. */
async function openNoteOf(user: ReturnType<typeof userEvent.setup>, label: RegExp) {
  await waitFor(() => expect(outlineButton(label)).toBeInTheDocument());
  outlineButton(label).focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  return within(dialog).findByRole('textbox', { name: topicNoteMessages.label });
}

/**
 * Types `text` at the end of the field, a change per character as keystrokes make, synchronously: user-event
 * waits on a real setTimeout after each action, which fake timers would hold forever.
 */
function typeFast(field: HTMLElement, text: string) {
  const start = (field as HTMLTextAreaElement).value;
  for (let end = 1; end <= text.length; end += 1)
    fireEvent.change(field, { target: { value: start + text.slice(0, end) } });
}

/** A PUT answer echoing what was saved. */
const echo: Routes[string] = (call) => {
  const nodeId = call.path.split('/').at(-1) ?? '';
  const { text } = call.body as { text: string };
  return json(200, { note: text.trim() ? note(nodeId, 'Ownership', text) : null });
};

describe("the reader's notes on the roadmap page", () => {
  it('marks the topics that have a note in the outline, and lists notes on removed topics, each deletable', async () => {
    const user = userEvent.setup();
    const { callsTo } = roadmapPage(
      [note('n1', 'Ownership', 'Moves, then borrows.'), note('gone', 'Macros', 'macro_rules! first')],
      { 'PUT /api/roadmap/r1/notes/gone': () => json(200, { note: null }) },
    );
    await waitFor(() => expect(outlineButton(/Ownership/)).toHaveAccessibleName('1. Ownership, has a note'));
    expect(outlineButton(/Traits/)).toHaveAccessibleName('2. Traits');

    const removed = await screen.findByRole('region', { name: topicNoteMessages.removedHeading });
    expect(within(removed).getByRole('heading', { name: 'Macros' })).toBeInTheDocument();
    expect(within(removed).getByText('macro_rules! first')).toBeInTheDocument();
    expect(within(removed).queryByText('Moves, then borrows.')).toBeNull();
    await user.click(within(removed).getByRole('button', { name: 'Delete the note on Macros' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: topicNoteMessages.removedHeading })).toBeNull(),
    );
    expect(callsTo('PUT', '/api/roadmap/r1/notes/gone').map((call) => call.body)).toEqual([{ text: '' }]);
    // The note on a topic still there is untouched.
    expect(outlineButton(/Ownership/)).toHaveAccessibleName('1. Ownership, has a note');
  });

  it('saves a burst of typing once, after the pause, says Saved, and marks the topic', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = roadmapPage([], { 'PUT /api/roadmap/r1/notes/n1': echo });
    const field = await openNoteOf(user, /Ownership/);
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(topicNoteMessages.private);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    typeFast(field, 'Every value has one owner.');
    expect(screen.getByRole('status')).toHaveTextContent(topicNoteMessages.saving);
    act(() => vi.advanceTimersByTime(TOPIC_NOTE_SAVE_DELAY_MS - 1));
    expect(callsTo('PUT', '/api/roadmap/r1/notes/n1')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(topicNoteMessages.saved));
    expect(callsTo('PUT', '/api/roadmap/r1/notes/n1').map((call) => call.body)).toEqual([
      { text: 'Every value has one owner.' },
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(outlineButton(/Ownership/)).toHaveAccessibleName('1. Ownership, has a note');
    // Nothing was waiting when it closed: still the one save.
    expect(callsTo('PUT', '/api/roadmap/r1/notes/n1')).toHaveLength(1);
  });

  it('saves what is still waiting when the drawer is closed with Escape, and opens with the saved text', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = roadmapPage([note('n1', 'Ownership', 'Moves')], {
      'PUT /api/roadmap/r1/notes/n1': echo,
    });
    const field = await openNoteOf(user, /Ownership/);
    expect(field).toHaveValue('Moves');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    typeFast(field, ', then borrows');
    // Back to real time: the debounce's timer stays a fake one that never fires, so only closing can save.
    vi.useRealTimers();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo('PUT', '/api/roadmap/r1/notes/n1')).toHaveLength(1));
    expect(callsTo('PUT', '/api/roadmap/r1/notes/n1')[0]?.body).toEqual({ text: 'Moves, then borrows' });

    // Opened again, the drawer starts from the text saved.
    expect(await openNoteOf(user, /Ownership/)).toHaveValue('Moves, then borrows');
  });

  it('says when a save failed and saves again on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { callsTo } = roadmapPage([], {
      'PUT /api/roadmap/r1/notes/n2': (call) =>
        fail ? envelope(500, 'Something went wrong on our side.') : echo(call),
    });
    const field = await openNoteOf(user, /Traits/);
    await user.type(field, 'dyn');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(topicNoteMessages.notSaved));
    expect(field).toHaveValue('dyn');
    fail = false;
    await user.click(screen.getByRole('button', { name: topicNoteMessages.retry }));
    await waitFor(() => expect(status).toHaveTextContent(topicNoteMessages.saved));
    expect(callsTo('PUT', '/api/roadmap/r1/notes/n2').at(-1)?.body).toEqual({ text: 'dyn' });
    expect(screen.queryByRole('button', { name: topicNoteMessages.retry })).toBeNull();
  });

  it('offers no notes to a visitor who is not signed in, and never asks for them', async () => {
    const user = userEvent.setup();
    const { callsTo } = roadmapPage([], {}, false);
    await waitFor(() => expect(outlineButton(/Ownership/)).toBeInTheDocument());
    await user.click(outlineButton(/Ownership/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('region', { name: topicNoteMessages.removedHeading })).toBeNull();
    expect(callsTo('GET', '/api/roadmap/r1/notes')).toHaveLength(0);
  });
});

describe('the graph', () => {
  it('marks the nodes that have a note', () => {
    render(
      <RoadmapPicture
        roadmap={roadmap}
        progress={[]}
        noted={new Set(['n2'])}
        viewport={{ x: 0, y: 0, zoom: 1 }}
        view={{ width: 800, height: 600 }}
        onOpen={() => {}}
      />,
    );
    const [ownership, traits] = ['n1', 'n2'].map((id) =>
      document.querySelector<HTMLElement>(`[data-id="${id}"]`),
    );
    expect(ownership && within(ownership).queryByRole('img', { hidden: true })).toBeNull();
    expect(
      traits && within(traits).getByRole('img', { name: topicNoteMessages.hasNote, hidden: true }),
    ).toBeInTheDocument();
  });
});
