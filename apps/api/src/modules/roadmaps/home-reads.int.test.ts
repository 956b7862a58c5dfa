import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, errorMessages } from '@skillroute/shared/errors';
import {
  myProgressResponseSchema,
  publishedRoadmapListSchema,
  type PublishRoadmapBody,
} from '@skillroute/shared/roadmap-api';
import { NUL_CHARACTER_MESSAGE } from '@skillroute/shared/text';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser, type SignedIn } from '../../../test/sockets';
import { createOrUpdateAdmin } from '../admin/service';

// What the home page reads (issue 11): the search over topics, and "Continue learning".

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ada = await createSignedInUser(t, 'ada@example.org');
  bob = await createSignedInUser(t, 'bob@example.org');
  const credentials = { email: 'root@skillroute.dev', password: 'correct-horse-42' };
  await createOrUpdateAdmin(t.app.db, { ...credentials, name: 'Root' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: credentials,
    remoteAddress: '10.9.9.9',
  });
  adminCookie = `adminAccessToken=${login.cookies.find((cookie) => cookie.name === 'adminAccessToken')?.value}`;
});
afterAll(() => t.close());

type Who = SignedIn | 'admin' | undefined;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who === undefined ? {} : { cookie: who === 'admin' ? adminCookie : who.cookie },
    ...(payload === undefined ? {} : { payload }),
  });

interface Topic {
  label: string;
  /** The title of the topic's "Content & Links", when it has some. */
  detailTitle?: string;
}

/** A roadmap whose topics are laid out top to bottom in the order given, saved by `who`; their ids in that order. */
async function roadmapWith(
  who: SignedIn,
  title: string,
  topics: Topic[],
  options: { publish?: boolean } = {},
) {
  const created = await call(who, 'POST', '/api/roadmap', {
    title,
    description: 'A roadmap made by the home-page tests.',
  });
  expect(created.statusCode).toBe(201);
  const roadmapId = created.json<{ id: string }>().id;
  const ids: string[] = [];
  for (const topic of topics) {
    const node = await call(who, 'POST', '/api/roadmap/node', {
      roadmapId,
      type: 'topic',
      position: { x: 0, y: 0 },
      data: { label: topic.label },
      background: '#fdff00',
    });
    expect(node.statusCode).toBe(201);
    ids.push(node.json<{ id: string }>().id);
  }
  const body: PublishRoadmapBody = {
    roadmapId,
    nodes: topics.map((topic, index) => ({
      id: ids[index] ?? '',
      type: 'topic',
      position: { x: 0, y: index * 100 },
      data: { label: topic.label },
      background: '#fdff00',
    })),
    edges: [],
    nodeDetails: topics.flatMap((topic, index) =>
      topic.detailTitle
        ? [{ nodeId: ids[index] ?? '', title: topic.detailTitle, description: 'Notes.', links: [] }]
        : [],
    ),
  };
  expect((await call(who, 'POST', '/api/roadmap/publish', body)).statusCode).toBe(200);
  if (options.publish !== false)
    expect(
      (
        await call('admin', 'POST', '/api/admin/roadmap/review', {
          roadmapId,
          status: 'published',
          adminFeedback: '',
        })
      ).statusCode,
    ).toBe(200);
  return { roadmapId, ids };
}

const search = async (text: string) => {
  const response = await call(undefined, 'GET', `/api/roadmap/published?search=${encodeURIComponent(text)}`);
  expect(response.statusCode).toBe(200);
  return publishedRoadmapListSchema
    .parse(response.json())
    .roadmaps.map(({ title, matchedTopics }) => ({ title, matchedTopics }));
};

describe('searching published roadmaps (GET /api/roadmap/published?search=)', () => {
  beforeAll(async () => {
    await roadmapWith(ada, 'Frontend layouts', [
      { label: 'HTML' },
      { label: 'Flexbox' },
      { label: 'Page layout', detailTitle: 'Flexbox and Grid in depth' },
      { label: 'Flexbox gaps' },
      { label: 'Flexbox order' },
      { label: 'Grid' },
    ]);
    await roadmapWith(ada, 'Python for data', [
      { label: 'pandas' },
      { label: '100% width charts' },
      { label: 'snake_case names' },
    ]);
    // Neither a draft nor an unsaved node is found by its topics.
    await roadmapWith(bob, 'Bob draft about boxes', [{ label: 'Flexbox' }], { publish: false });
    const dropped = await roadmapWith(bob, 'Bob published boxes', [{ label: 'Boxes' }]);
    await call(bob, 'POST', '/api/roadmap/node', {
      roadmapId: dropped.roadmapId,
      type: 'topic',
      position: { x: 0, y: 0 },
      data: { label: 'Flexbox never saved' },
      background: '#fdff00',
    });
  });

  it('finds a roadmap by a topic and names the first three topics that matched, in reading order', async () => {
    expect(await search('flexbox')).toEqual([
      { title: 'Frontend layouts', matchedTopics: ['Flexbox', 'Page layout', 'Flexbox gaps'] },
    ]);
    expect(await search('FLEXBOX ORDER')).toEqual([
      { title: 'Frontend layouts', matchedTopics: ['Flexbox order'] },
    ]);
    // A topic's content title counts too, and names the topic.
    expect(await search('in depth')).toEqual([{ title: 'Frontend layouts', matchedTopics: ['Page layout'] }]);
  });

  it('still finds by title and description, without topics when none matched', async () => {
    expect(await search('python for')).toEqual([{ title: 'Python for data', matchedTopics: undefined }]);
    expect(await search('pandas')).toEqual([{ title: 'Python for data', matchedTopics: ['pandas'] }]);
    expect(await search('no such thing anywhere')).toEqual([]);
  });

  it('reads % and _ as letters, not wildcards, in topics too', async () => {
    expect(await search('0% width')).toEqual([
      { title: 'Python for data', matchedTopics: ['100% width charts'] },
    ]);
    expect(await search('%width')).toEqual([]);
    expect(await search('case_')).toEqual([]);
    expect(await search('snake_case')).toEqual([
      { title: 'Python for data', matchedTopics: ['snake_case names'] },
    ]);
    expect(await search('sn_ke')).toEqual([]);
    expect(await search('\\')).toEqual([]);
  });

  it('refuses a NUL character with a 400 in the envelope', async () => {
    const response = await call(undefined, 'GET', '/api/roadmap/published?search=flex%00box');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: errorMessages.badRequest,
      errors: [{ message: NUL_CHARACTER_MESSAGE, field: 'search' }],
    });
  });

  it('keeps the cached list without a search free of topic matches', async () => {
    const list = publishedRoadmapListSchema.parse(
      (await call(undefined, 'GET', '/api/roadmap/published')).json(),
    ).roadmaps;
    expect(list.map((roadmap) => roadmap.title)).toEqual(
      expect.arrayContaining(['Frontend layouts', 'Python for data']),
    );
    expect(list.every((roadmap) => roadmap.matchedTopics === undefined)).toBe(true);
  });
});

describe('continue learning (GET /api/roadmap/progress/mine)', () => {
  const mine = async (who: SignedIn) => {
    const response = await call(who, 'GET', '/api/roadmap/progress/mine');
    expect(response.statusCode).toBe(200);
    return myProgressResponseSchema
      .parse(response.json())
      .roadmaps.map(({ title, done, total }) => ({ title, done, total }));
  };
  const mark = async (who: SignedIn, roadmapId: string, nodeId: string, status: string) =>
    expect(
      (await call(who, 'PUT', `/api/roadmap/${roadmapId}/progress`, { nodeId, status })).statusCode,
    ).toBe(200);

  it("counts each roadmap's done topics against all its topics, most recently marked first", async () => {
    const carol = await createSignedInUser(t, 'carol@example.org');
    expect(await mine(carol)).toEqual([]);
    const sql = await roadmapWith(ada, 'SQL basics', [
      { label: 'SELECT' },
      { label: 'JOIN' },
      { label: 'GROUP BY' },
      { label: 'Indexes' },
    ]);
    const git = await roadmapWith(ada, 'Git basics', [{ label: 'Commits' }, { label: 'Branches' }]);
    await mark(carol, sql.roadmapId, sql.ids[0] ?? '', 'done');
    await mark(carol, sql.roadmapId, sql.ids[1] ?? '', 'done');
    await mark(carol, sql.roadmapId, sql.ids[2] ?? '', 'in_progress');
    await mark(carol, sql.roadmapId, sql.ids[3] ?? '', 'skipped');
    await mark(carol, git.roadmapId, git.ids[0] ?? '', 'in_progress');
    expect(await mine(carol)).toEqual([
      { title: 'Git basics', done: 0, total: 2 },
      { title: 'SQL basics', done: 2, total: 4 },
    ]);
    // A mark taken back, and a new one: the order follows the latest mark.
    await mark(carol, sql.roadmapId, sql.ids[0] ?? '', 'pending');
    await mark(carol, sql.roadmapId, sql.ids[2] ?? '', 'done');
    expect(await mine(carol)).toEqual([
      { title: 'SQL basics', done: 2, total: 4 },
      { title: 'Git basics', done: 0, total: 2 },
    ]);
    // Other readers' marks are theirs.
    expect(await mine(bob)).toEqual([]);
  });

  it('leaves out a roadmap the reader can no longer open, but keeps an own draft', async () => {
    const dave = await createSignedInUser(t, 'dave@example.org');
    const listed = await roadmapWith(ada, 'Soon unlisted', [{ label: 'One' }, { label: 'Two' }]);
    await mark(dave, listed.roadmapId, listed.ids[0] ?? '', 'done');
    expect(await mine(dave)).toEqual([{ title: 'Soon unlisted', done: 1, total: 2 }]);
    expect(
      (await call('admin', 'PUT', '/api/admin/roadmap/list-unlist', { roadmapId: listed.roadmapId }))
        .statusCode,
    ).toBe(200);
    expect(await mine(dave)).toEqual([]);

    const own = await roadmapWith(
      dave,
      'Dave own draft',
      [{ label: 'Alpha' }, { label: 'Beta' }, { label: 'Gamma' }],
      { publish: false },
    );
    await mark(dave, own.roadmapId, own.ids[1] ?? '', 'done');
    expect(await mine(dave)).toEqual([{ title: 'Dave own draft', done: 1, total: 3 }]);
  });

  it('answers 401 in the envelope to an anonymous caller', async () => {
    const response = await call(undefined, 'GET', '/api/roadmap/progress/mine');
    expect(response.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(response.json()).message).toBe(errorMessages.unauthorized);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
