import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadmapListSchema, roadmapSchema, type PublishRoadmapBody } from '@skillroute/shared/roadmap-api';
import { runOnServer } from '../../../test/database-server';
import { HEARD_SOON } from '../../../test/changes-heard';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser, type SignedIn } from '../../../test/sockets';
import { createOrUpdateAdmin } from '../admin/service';
import { LISTENER_NAME } from './graph-cache';

// Two api processes on one database, as two replicas behind a load balancer: `a` and `b`.
let a: TestApp;
let b: TestApp;
let ada: SignedIn;
let bob: SignedIn;
let adminCookie: string;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ databaseUrl: a.databaseUrl });
  ada = await createSignedInUser(a, 'ada@example.org');
  bob = await createSignedInUser(a, 'bob@example.org');
  const credentials = { email: 'root@skillroute.dev', password: 'correct-horse-42' };
  await createOrUpdateAdmin(a.app.db, { ...credentials, name: 'Root' });
  const login = await a.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: credentials,
    remoteAddress: '10.9.9.9',
  });
  adminCookie = `adminAccessToken=${login.cookies.find((cookie) => cookie.name === 'adminAccessToken')?.value}`;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

type Who = SignedIn | 'admin' | undefined;
const call = (
  on: TestApp,
  who: Who,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) =>
  on.app.inject({
    method,
    url,
    headers: {
      ...options.headers,
      ...(who === undefined ? {} : { cookie: who === 'admin' ? adminCookie : who.cookie }),
    },
    payload: options.payload,
  });
const read = (on: TestApp, who: Who, id: string, headers?: Record<string, string>) =>
  call(on, who, 'GET', `/api/roadmap/${id}`, { headers });
const labelsOf = (body: string) =>
  roadmapSchema
    .parse(JSON.parse(body))
    .nodes.map((node) => node.data.label)
    .sort();
const publishedIds = async (on: TestApp) =>
  roadmapListSchema
    .parse((await call(on, undefined, 'GET', '/api/roadmap/published')).json())
    .roadmaps.map((roadmap) => roadmap.id);
const review = (on: TestApp, roadmapId: string, status: 'published' | 'rejected') =>
  call(on, 'admin', 'POST', '/api/admin/roadmap/review', {
    payload: { roadmapId, status, adminFeedback: status === 'rejected' ? 'Needs more topics.' : undefined },
  });
const toggleListing = (on: TestApp, roadmapId: string) =>
  call(on, 'admin', 'PUT', '/api/admin/roadmap/list-unlist', { payload: { roadmapId } });

/** A roadmap of `labels.length` topics saved by Ada through `on`, so submitted for review. */
async function save(on: TestApp, labels: string[], roadmapId?: string): Promise<string> {
  const id =
    roadmapId ??
    (
      await call(on, ada, 'POST', '/api/roadmap', {
        payload: { title: 'Rust from zero', description: 'From cargo new to fearless concurrency.' },
      })
    ).json<{ id: string }>().id;
  const nodes: PublishRoadmapBody['nodes'] = [];
  for (const [index, label] of labels.entries()) {
    const node = {
      type: 'topic' as const,
      position: { x: 0, y: index * 100 },
      data: { label },
      background: '#fdff00',
    };
    const created = await call(on, ada, 'POST', '/api/roadmap/node', { payload: { roadmapId: id, ...node } });
    nodes.push({ id: created.json<{ id: string }>().id, ...node });
  }
  const saved = await call(on, ada, 'POST', '/api/roadmap/publish', {
    payload: { roadmapId: id, nodes, edges: [], nodeDetails: [] },
  });
  expect(saved.statusCode).toBe(200);
  return id;
}

describe('GET /api/roadmap/:id from memory', () => {
  it("answers a reader's second visit with 304 when nothing changed, on either process", async () => {
    const id = await save(a, ['Ownership', 'Traits']);
    expect((await review(a, id, 'published')).statusCode).toBe(200);
    const first = await read(a, undefined, id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(labelsOf(first.body)).toEqual(['Ownership', 'Traits']);

    const again = await read(a, undefined, id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // The other process serializes the same roadmap to the same bytes, so the same ETag holds there.
    expect((await read(b, undefined, id, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await read(b, undefined, id, { 'if-none-match': '"other"' })).body).toBe(first.body);
  });

  it('sends a browser the cached body compressed, with a weak ETag that still answers 304', async () => {
    const labels = Array.from({ length: 30 }, (_, index) => `Topic ${index}`);
    const id = await save(a, labels);
    await review(a, id, 'published');
    const plain = await read(a, undefined, id);
    const compressed = await read(a, undefined, id, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers['cache-control']).toBe('public, no-cache');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(compressed.headers.etag).toBe(`W/${String(plain.headers.etag)}`);

    const again = await read(b, undefined, id, {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(compressed.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a new save and each review on the next read, on this process and on the other', async () => {
    const statusOf = async (on: TestApp, id: string) =>
      roadmapSchema.parse((await read(on, ada, id)).json()).status;
    const id = await save(a, ['Ownership']);
    // The author's draft, read (and so kept) on both processes.
    expect(labelsOf((await read(a, ada, id)).body)).toEqual(['Ownership']);
    expect(labelsOf((await read(b, ada, id)).body)).toEqual(['Ownership']);

    await save(b, ['Ownership', 'Lifetimes'], id);
    expect(labelsOf((await read(b, ada, id)).body)).toEqual(['Lifetimes', 'Ownership']);
    await expect
      .poll(async () => labelsOf((await read(a, ada, id)).body), HEARD_SOON)
      .toEqual(['Lifetimes', 'Ownership']);

    expect((await review(a, id, 'rejected')).statusCode).toBe(200);
    expect(await statusOf(a, id)).toBe('rejected');
    await expect.poll(() => statusOf(b, id), HEARD_SOON).toBe('rejected');

    await save(a, ['Ownership', 'Lifetimes', 'Traits'], id);
    expect((await review(b, id, 'published')).statusCode).toBe(200);
    const published = await read(b, undefined, id);
    expect(labelsOf(published.body)).toEqual(['Lifetimes', 'Ownership', 'Traits']);
    await expect.poll(async () => (await read(a, undefined, id)).statusCode, HEARD_SOON).toBe(200);
    const seenOnA = await read(a, undefined, id);
    expect(seenOnA.body).toBe(published.body);
    expect(seenOnA.headers.etag).toBe(published.headers.etag);
  });

  it('hides an unlisted roadmap from strangers at once, from the other process as soon as it hears, and from the public list', async () => {
    const id = await save(a, ['Ownership']);
    await review(a, id, 'published');
    for (const on of [a, b]) {
      expect((await read(on, undefined, id)).statusCode).toBe(200);
      expect(await publishedIds(on)).toContain(id);
    }

    expect((await toggleListing(a, id)).json()).toMatchObject({ isActive: false });
    expect((await read(a, undefined, id)).statusCode).toBe(404);
    expect((await read(a, bob, id)).statusCode).toBe(404);
    expect(await publishedIds(a)).not.toContain(id);
    await expect.poll(async () => (await read(b, undefined, id)).statusCode, HEARD_SOON).toBe(404);
    await expect.poll(async () => publishedIds(b), HEARD_SOON).not.toContain(id);
    // Its author and admins still read it, as before.
    expect((await read(b, ada, id)).statusCode).toBe(200);
    expect((await read(b, 'admin', id)).statusCode).toBe(200);

    expect((await toggleListing(b, id)).json()).toMatchObject({ isActive: true });
    expect((await read(b, undefined, id)).statusCode).toBe(200);
    await expect.poll(async () => (await read(a, undefined, id)).statusCode, HEARD_SOON).toBe(200);
  });

  it('serves a draft from memory only to those the rules let in', async () => {
    const id = await save(a, ['Ownership']);
    const own = await read(a, ada, id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await read(a, ada, id)).statusCode).toBe(200);
    expect((await read(a, bob, id)).statusCode).toBe(404);
    expect((await read(a, undefined, id)).statusCode).toBe(404);
    // Knowing the ETag opens nothing: the access check comes first.
    expect((await read(a, undefined, id, { 'if-none-match': String(own.headers.etag) })).statusCode).toBe(
      404,
    );
    expect((await read(a, 'admin', id)).statusCode).toBe(200);
    expect((await read(a, { ...ada, cookie: 'accessToken=lapsed' }, id)).statusCode).toBe(401);
  });
});

describe('GET /api/roadmap/published from memory', () => {
  it('answers 304 to a reader who has the list, and searches still read the database', async () => {
    const id = await save(a, ['Ownership']);
    await review(a, id, 'published');
    const list = await call(a, undefined, 'GET', '/api/roadmap/published');
    expect(list.statusCode).toBe(200);
    expect(
      (
        await call(a, undefined, 'GET', '/api/roadmap/published', {
          headers: { 'if-none-match': String(list.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
    const searched = await call(a, undefined, 'GET', '/api/roadmap/published?search=cargo');
    expect(roadmapListSchema.parse(searched.json()).roadmaps.map((roadmap) => roadmap.id)).toContain(id);
    expect(searched.headers.etag).toBeUndefined();
  });
});

describe('the listening connection', () => {
  it('when lost, serves from the database meanwhile, then listens again with an empty cache', async () => {
    const id = await save(a, ['Ownership']);
    await review(a, id, 'published');
    expect((await read(a, undefined, id)).statusCode).toBe(200);
    await runOnServer(
      a.databaseUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${LISTENER_NAME}' and datname = current_database()`,
    );
    await expect
      .poll(
        () =>
          a.logs.some((line) =>
            String(line.msg).startsWith('roadmap cache: the listening connection was lost'),
          ),
        HEARD_SOON,
      )
      .toBe(true);
    await expect.poll(() => a.app.roadmapCache.active && b.app.roadmapCache.active, HEARD_SOON).toBe(true);

    // Listening again: a change made through the other process is heard.
    expect((await read(a, undefined, id)).statusCode).toBe(200);
    await toggleListing(b, id);
    await expect.poll(async () => (await read(a, undefined, id)).statusCode, HEARD_SOON).toBe(404);
  });
});
