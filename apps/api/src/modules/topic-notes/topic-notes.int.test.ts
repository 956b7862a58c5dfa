import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, type ErrorEnvelope } from '@skillroute/shared/errors';
import type { PublishRoadmapBody, RoadmapNode } from '@skillroute/shared/roadmap-api';
import { TOPIC_NOTE_MAX, TOPIC_NOTE_SAVES_MAX, topicNoteMessages } from '@skillroute/shared/topic-note-rules';
import {
  topicNoteResponseSchema,
  topicNotesResponseSchema,
  type TopicNote,
} from '@skillroute/shared/topic-notes';
import { NUL_CHARACTER_MESSAGE } from '@skillroute/shared/text';
import { movableClock } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser, type SignedIn } from '../../../test/sockets';
import { topicNotes } from '../../db/schema';
import { createOrUpdateAdmin } from '../admin/service';

let t: TestApp;
const clock = movableClock();
/** The roadmap's author, a reader who writes notes on it, and someone else signed in. */
let ada: SignedIn;
let bob: SignedIn;
let cy: SignedIn;
let adminCookie: string;
/** Ada's published roadmap of three topics. */
let published: { roadmapId: string; nodes: RoadmapNode[] };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [ada, bob, cy] = (await Promise.all(
    ['ada@example.org', 'bob@example.org', 'cy@example.org'].map((email) => createSignedInUser(t, email)),
  )) as [SignedIn, SignedIn, SignedIn];
  const credentials = { email: 'root@skillroute.dev', password: 'correct-horse-42' };
  await createOrUpdateAdmin(t.app.db, { ...credentials, name: 'Root' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: credentials,
    remoteAddress: '10.9.9.9',
  });
  adminCookie = `adminAccessToken=${login.cookies.find((cookie) => cookie.name === 'adminAccessToken')?.value}`;
  published = await savedRoadmap(ada, ['Ownership', 'Traits', 'Lifetimes']);
  const review = await t.app.inject({
    method: 'POST',
    url: '/api/admin/roadmap/review',
    headers: { cookie: adminCookie },
    payload: { roadmapId: published.roadmapId, status: 'published' },
  });
  expect(review.statusCode).toBe(200);
});
afterAll(() => t.close());

const call = (who: SignedIn | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const notesOf = (who: SignedIn | undefined, roadmapId: string) =>
  call(who, 'GET', `/api/roadmap/${roadmapId}/notes`);
const writeNote = (who: SignedIn | undefined, roadmapId: string, nodeId: string, text: unknown) =>
  call(who, 'PUT', `/api/roadmap/${roadmapId}/notes/${nodeId}`, { text });

async function readNotes(who: SignedIn, roadmapId: string): Promise<TopicNote[]> {
  const response = await notesOf(who, roadmapId);
  expect(response.statusCode, response.body).toBe(200);
  return topicNotesResponseSchema.parse(response.json()).notes;
}

async function savedNote(who: SignedIn, roadmapId: string, nodeId: string, text: string) {
  const response = await writeNote(who, roadmapId, nodeId, text);
  expect(response.statusCode, response.body).toBe(200);
  return topicNoteResponseSchema.parse(response.json()).note;
}

function expectRefusal(response: Awaited<ReturnType<typeof call>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
  return envelope;
}

const topic = (id: string, label: string, y: number): RoadmapNode => ({
  id,
  type: 'topic',
  position: { x: 0, y },
  data: { label },
  background: '#fdff00',
});

/** Saves (and so submits) the whole graph through the editor's route. */
async function saveGraph(who: SignedIn, roadmapId: string, nodes: RoadmapNode[]) {
  const body: PublishRoadmapBody = { roadmapId, nodes, edges: [], nodeDetails: [] };
  const response = await call(who, 'POST', '/api/roadmap/publish', body);
  expect(response.statusCode, response.body).toBe(200);
}

/** A drafted roadmap of `who` with these topics, saved once. */
async function savedRoadmap(who: SignedIn, labels: string[]) {
  const created = await call(who, 'POST', '/api/roadmap', {
    title: 'Rust from zero',
    description: 'From cargo new to fearless concurrency.',
  });
  const roadmapId = created.json<{ id: string }>().id;
  const nodes: RoadmapNode[] = [];
  for (const [index, label] of labels.entries()) {
    const node = await call(who, 'POST', '/api/roadmap/node', {
      roadmapId,
      type: 'topic',
      position: { x: 0, y: 0 },
      data: { label },
      background: '#fdff00',
    });
    nodes.push(topic(node.json<{ id: string }>().id, label, index * 100));
  }
  await saveGraph(who, roadmapId, nodes);
  return { roadmapId, nodes };
}

const nodeOf = (index: number) => {
  const node = published.nodes[index];
  if (!node) throw new Error(`no node ${index}`);
  return node;
};

describe('who reads and writes notes', () => {
  it("keeps a reader's note theirs alone: the author, a stranger and anonymous callers neither see nor change it", async () => {
    const { roadmapId } = published;
    const ownership = nodeOf(0);
    const note = await savedNote(bob, roadmapId, ownership.id, 'Moves, then borrows.');
    expect(note).toMatchObject({ nodeId: ownership.id, label: 'Ownership', text: 'Moves, then borrows.' });
    expect(await readNotes(bob, roadmapId)).toEqual([note]);

    // The roadmap's author and a stranger each read only their own notes: none.
    expect(await readNotes(ada, roadmapId)).toEqual([]);
    expect(await readNotes(cy, roadmapId)).toEqual([]);
    // What they write on the same topic is theirs; a stranger's empty save deletes nothing of Bob's.
    expect(await savedNote(ada, roadmapId, ownership.id, 'Explain drop order here.')).toMatchObject({
      text: 'Explain drop order here.',
    });
    expect(await savedNote(cy, roadmapId, ownership.id, '')).toBeNull();
    expect(await readNotes(bob, roadmapId)).toEqual([note]);
    expect((await readNotes(ada, roadmapId)).map((own) => own.text)).toEqual(['Explain drop order here.']);
    expect(await readNotes(cy, roadmapId)).toEqual([]);

    // No cookie: 401 on both routes, in the envelope, and nothing changes.
    expectRefusal(await notesOf(undefined, roadmapId), 401, errorMessages.unauthorized);
    expectRefusal(await writeNote(undefined, roadmapId, ownership.id, 'Sneaky'), 401);
    expectRefusal(await writeNote(undefined, roadmapId, ownership.id, ''), 401);
    expect(await readNotes(bob, roadmapId)).toEqual([note]);
  });

  it('answers 404 on a draft to everyone but its author, who keeps notes on it', async () => {
    const draft = await savedRoadmap(ada, ['Cargo']);
    const cargo = draft.nodes[0]?.id ?? '';
    for (const who of [bob, cy]) {
      expectRefusal(await notesOf(who, draft.roadmapId), 404);
      expectRefusal(await writeNote(who, draft.roadmapId, cargo, 'Hi'), 404);
      expectRefusal(await writeNote(who, draft.roadmapId, cargo, ''), 404);
    }
    expect(await savedNote(ada, draft.roadmapId, cargo, 'Workspaces next.')).toMatchObject({
      label: 'Cargo',
    });
    expect((await readNotes(ada, draft.roadmapId)).map((note) => note.text)).toEqual(['Workspaces next.']);
  });
});

describe('what a save does', () => {
  it('keeps the text as written, deletes on an empty or blank text, and deleting nothing is fine', async () => {
    const { roadmapId } = published;
    const traits = nodeOf(1).id;
    const written = '  Indented:\n\n\tdyn vs impl  \n';
    expect((await savedNote(cy, roadmapId, traits, written))?.text).toBe(written);
    expect(await savedNote(cy, roadmapId, traits, ' \n\t ')).toBeNull();
    expect(await readNotes(cy, roadmapId)).toEqual([]);
    expect(await savedNote(cy, roadmapId, traits, '')).toBeNull();
    // Deleting on a node id the roadmap never had is fine too: it only ever touches one's own notes.
    expect(await savedNote(cy, roadmapId, randomUUID(), '')).toBeNull();
  });

  it('answers the same to a repeated save and writes nothing', async () => {
    const { roadmapId } = published;
    const lifetimes = nodeOf(2).id;
    const first = await savedNote(bob, roadmapId, lifetimes, "'a outlives 'b");
    const rowVersion = async () => {
      const [row] = await t.app.db
        .select({ version: sql<string>`xmin::text` })
        .from(topicNotes)
        .where(and(eq(topicNotes.userId, bob.id), eq(topicNotes.nodeId, lifetimes)));
      return row?.version;
    };
    const before = await rowVersion();
    clock.advance(60_000);
    const again = await savedNote(bob, roadmapId, lifetimes, "'a outlives 'b");
    expect(again).toEqual(first);
    expect(await rowVersion()).toBe(before);

    clock.advance(60_000);
    const changed = await savedNote(bob, roadmapId, lifetimes, "'a outlives 'b, and 'static outlives all");
    expect(Date.parse(changed?.updatedAt ?? '')).toBeGreaterThan(Date.parse(first?.updatedAt ?? ''));
    expect(await rowVersion()).not.toBe(before);
  });

  it(`takes up to ${TOPIC_NOTE_MAX} characters, and refuses bad input with 400 in the envelope`, async () => {
    const { roadmapId } = published;
    const traits = nodeOf(1).id;
    expect((await savedNote(cy, roadmapId, traits, 'x'.repeat(TOPIC_NOTE_MAX)))?.text).toHaveLength(
      TOPIC_NOTE_MAX,
    );
    const tooLong = expectRefusal(
      await writeNote(cy, roadmapId, traits, 'x'.repeat(TOPIC_NOTE_MAX + 1)),
      400,
    );
    expect(tooLong.errors).toEqual([{ field: 'text', message: topicNoteMessages.tooLong }]);
    for (const text of [42, null, ['a'], { a: 1 }, undefined])
      expectRefusal(await writeNote(cy, roadmapId, traits, text), 400);
    expectRefusal(await call(cy, 'PUT', `/api/roadmap/${roadmapId}/notes/${traits}`), 400);
    expect(expectRefusal(await writeNote(cy, roadmapId, traits, 'a\u0000b'), 400).errors).toEqual([
      { field: 'text', message: NUL_CHARACTER_MESSAGE },
    ]);
    expectRefusal(await writeNote(cy, 'not-a-uuid', traits, 'Hi'), 400);
    expectRefusal(await writeNote(cy, roadmapId, 'not-a-uuid', 'Hi'), 400);
    expectRefusal(await notesOf(cy, 'not-a-uuid'), 400);
    // The long note is still the one kept.
    expect((await readNotes(cy, roadmapId))[0]?.text).toHaveLength(TOPIC_NOTE_MAX);
  });

  it('answers 404 for a roadmap that does not exist and for a topic the roadmap does not have', async () => {
    const { roadmapId } = published;
    expectRefusal(await notesOf(bob, randomUUID()), 404);
    expectRefusal(await writeNote(bob, randomUUID(), nodeOf(0).id, 'Hi'), 404);
    expectRefusal(await writeNote(bob, roadmapId, randomUUID(), 'Hi'), 404, topicNoteMessages.topicNotFound);
    // A topic of another roadmap is not one of this one.
    const other = await savedRoadmap(ada, ['Elsewhere']);
    expectRefusal(
      await writeNote(ada, roadmapId, other.nodes[0]?.id ?? '', 'Hi'),
      404,
      topicNoteMessages.topicNotFound,
    );
  });
});

describe('notes across a republished roadmap', () => {
  it('keeps notes on kept and moved topics, and on removed ones under their old label, read and delete only', async () => {
    // Only a drafted or rejected roadmap is saved again, and only by its author: the author is the reader here.
    const { roadmapId, nodes } = await savedRoadmap(ada, ['Kept', 'Moved', 'Removed']);
    const [kept, moved, removed] = nodes as [RoadmapNode, RoadmapNode, RoadmapNode];
    const keptNote = await savedNote(ada, roadmapId, kept.id, 'Kept note');
    const movedNote = await savedNote(ada, roadmapId, moved.id, 'Moved note');
    const removedNote = await savedNote(ada, roadmapId, removed.id, 'Removed note');

    clock.advance(60_000);
    await saveGraph(ada, roadmapId, [
      kept,
      { ...moved, position: { x: 300, y: 500 }, data: { label: 'Moved and renamed' } },
    ]);
    const roadmap = await call(ada, 'GET', `/api/roadmap/${roadmapId}`);
    expect(roadmap.json<{ nodes: RoadmapNode[] }>().nodes.map((node) => node.id)).toEqual([
      kept.id,
      moved.id,
    ]);

    // All three are still there as they were; the removed one keeps the label it was saved under.
    const after = await readNotes(ada, roadmapId);
    expect(after).toHaveLength(3);
    expect(after).toEqual(expect.arrayContaining([keptNote, movedNote, removedNote]));
    expect(after.find((note) => note.nodeId === removed.id)?.label).toBe('Removed');

    // The next save of the moved topic's note takes its new label, and, the text being the same, not a new time.
    const resaved = await savedNote(ada, roadmapId, moved.id, 'Moved note');
    expect(resaved).toEqual({ ...movedNote, label: 'Moved and renamed' });
    expect((await readNotes(ada, roadmapId)).find((note) => note.nodeId === moved.id)).toEqual(resaved);

    // A removed topic's note is read and deleted, not written to.
    expectRefusal(
      await writeNote(ada, roadmapId, removed.id, 'Edited'),
      404,
      topicNoteMessages.topicNotFound,
    );
    expect((await readNotes(ada, roadmapId)).find((note) => note.nodeId === removed.id)?.text).toBe(
      'Removed note',
    );
    expect(await savedNote(ada, roadmapId, removed.id, '')).toBeNull();
    expect((await readNotes(ada, roadmapId)).map((note) => note.nodeId).sort()).toEqual(
      [kept.id, moved.id].sort(),
    );

    // Approved, the roadmap still shows its author their notes; other readers have none.
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roadmap/review',
      headers: { cookie: adminCookie },
      payload: { roadmapId, status: 'published' },
    });
    expect(review.statusCode).toBe(200);
    expect(await readNotes(ada, roadmapId)).toHaveLength(2);
    expect(await readNotes(bob, roadmapId)).toEqual([]);
  });
});

describe('the rate of saves', () => {
  it(`limits each reader to ${TOPIC_NOTE_SAVES_MAX} saves in the window, others unaffected`, async () => {
    const dee = await createSignedInUser(t, 'dee@example.org');
    const { roadmapId } = published;
    const ownership = nodeOf(0).id;
    for (let save = 0; save < TOPIC_NOTE_SAVES_MAX; save += 1)
      expect((await writeNote(dee, roadmapId, ownership, `Version ${save % 3}`)).statusCode).toBe(200);
    const refused = expectRefusal(await writeNote(dee, roadmapId, ownership, 'One more'), 429);
    expect(refused.message).toMatch(/^You have saved notes 300 times in 10 minutes/);
    // Reading is not limited, and another reader saves as before.
    expect((await readNotes(dee, roadmapId))[0]?.text).toMatch(/^Version/);
    expect(await savedNote(cy, roadmapId, ownership, 'Still mine')).toMatchObject({ text: 'Still mine' });
  });
});
