import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { adminCookieFor } from '../../test/assessments';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { movableClock } from '../../test/clock';
import { HEARD_SOON, listingChangesHeard } from '../../test/changes-heard';
import { createMentor, createStack } from '../../test/mentors';
import { createSignedInUser, listen, signIn, TEST_PASSWORD, type SignedIn } from '../../test/sockets';
import { mentorProfiles } from '../db/schema';
import { LISTING_MAX_AGE_MS } from '../modules/mentors/listing-cache';

// Over real HTTP: the replay answers in the server's own request handler, which `inject` never reaches.
const clock = movableClock();
let t: TestApp;
let baseUrl: string;
let stackName: string;
let mentorId: string;
let mentorEmail: string;
let readAnswer: MockInstance;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  baseUrl = await listen(t.app);
  readAnswer = vi.spyOn(t.app.mentorListingCache, 'readAnswer');
  stackName = `Replayed-${randomUUID().slice(0, 8)}`;
  const stackId = await createStack(t.app.db, stackName);
  mentorEmail = `mentor-${randomUUID()}@example.org`;
  // Free every afternoon: 60 days of free hours are well above 8 kB.
  const afternoons = [12, 13, 14, 15, 16, 17];
  mentorId = await createMentor(t.app.db, {
    email: mentorEmail,
    password: TEST_PASSWORD,
    skills: [stackId],
    availability: {
      weeklyHours: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
          day,
          afternoons,
        ]),
      ),
    },
  });
  // A page above the compression threshold, so the compressed forms are answers of their own.
  for (let mentor = 0; mentor < 3; mentor += 1) await createMentor(t.app.db, { skills: [stackId] });
});
afterAll(async () => {
  readAnswer?.mockRestore();
  await t?.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came, compressed or not. */
  bytes: Buffer;
}

/** A GET over HTTP with exactly these headers (fetch would add its own `accept-encoding`). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const decoded = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.bytes).toString('utf8');
  return answer.bytes.toString('utf8');
};

/** The answer's headers without those of the request or the moment (its id, the date, the rate limit). */
const answerHeaders = (answer: RawAnswer) =>
  Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !['x-request-id', 'date'].includes(name) && !name.startsWith('x-ratelimit-'),
    ),
  );

/** Counts the requests that reach the framework's route from now on: each asks the listing cache for its answer. */
function routeCalls(): { count(): number } {
  const before = readAnswer.mock.calls.length;
  return { count: () => readAnswer.mock.calls.length - before };
}

const listingPath = () => `/api/mentor/${stackName}?page=1`;

describe('answers replayed before the framework', () => {
  it.each([
    ['no encoding', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['a browser’s encodings', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['a language', { 'accept-language': 'hi-IN,hi;q=0.9' }],
  ])(
    'sends the next anonymous reader (%s) what the framework sent, with a request id of its own',
    async (_name, headers) => {
      const path = `${listingPath()}&limit=${12 + Object.keys(headers).length}`;
      const calls = routeCalls();
      const first = await rawGet(path, headers);
      const second = await rawGet(path, headers);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(calls.count()).toBe(1);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(answerHeaders(second)).toEqual(answerHeaders(first));
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      // What only the framework's path sends: the client's remaining budget, which a replay does not count.
      expect(first.headers['x-ratelimit-remaining']).toBeDefined();
      expect(second.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(JSON.parse(decoded(second)).mentors).toHaveLength(4);
    },
  );

  it('keeps the encoding and the language apart: another of either is asked of the framework first', async () => {
    const path = `${listingPath()}&limit=20`;
    const calls = routeCalls();
    await rawGet(path, { 'accept-encoding': 'br' });
    await rawGet(path, { 'accept-encoding': 'gzip' });
    await rawGet(path, { 'accept-encoding': 'gzip', 'accept-language': 'hi' });
    expect(calls.count()).toBe(3);
    const brotli = await rawGet(path, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(calls.count()).toBe(3);
  });

  it.each([
    ['a session cookie', { cookie: 'anything=1' }],
    ['an authorization header', { authorization: 'Bearer x' }],
    ['a conditional request', { 'if-none-match': '"nothing"' }],
    ['a range', { range: 'bytes=0-10' }],
    ['a refused compression', { 'x-no-compression': '1' }],
  ])('leaves a request with %s to the framework', async (_name, headers) => {
    const path = `${listingPath()}&limit=21`;
    await rawGet(path);
    const calls = routeCalls();
    const answer = await rawGet(path, headers);
    expect(answer.status).toBe(200);
    expect(calls.count()).toBe(1);
    expect(answer.headers['x-ratelimit-remaining']).toBeDefined();
  });

  it('leaves a signed-in reader to the framework, which leaves them out of the page', async () => {
    const path = `${listingPath()}&limit=22`;
    await rawGet(path);
    const mentor = await signIn(t.app, mentorEmail);
    const calls = routeCalls();
    const answer = await rawGet(path, { cookie: mentor.cookie });
    expect(calls.count()).toBe(1);
    const ids = (JSON.parse(decoded(answer)) as { mentors: { id: string }[] }).mentors.map((card) => card.id);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(mentorId);
  });

  it('replays neither a HEAD nor a refusal', async () => {
    const path = `${listingPath()}&limit=23`;
    await rawGet(path);
    const calls = routeCalls();
    expect((await rawGet(path, {}, 'HEAD')).headers['x-ratelimit-remaining']).toBeDefined();
    const refused = [
      await rawGet(`${listingPath()}&limit=nine`),
      await rawGet(`${listingPath()}&limit=nine`),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400]);
    expect(refused[1]!.headers['x-ratelimit-remaining']).toBeDefined();
    expect(calls.count()).toBe(1);
  });

  it('stops as soon as a change is heard: the next reader gets the changed page', async () => {
    const path = `${listingPath()}&limit=24`;
    await rawGet(path);
    const headline = `Changed ${randomUUID()}`;
    await t.app.db.update(mentorProfiles).set({ headline }).where(eq(mentorProfiles.userId, mentorId));
    await listingChangesHeard(t);
    const calls = routeCalls();
    const answer = await rawGet(path);
    expect(calls.count()).toBe(1);
    expect(decoded(answer)).toContain(headline);
  });

  it('stops when the kept answer expires, and while nothing is heard of changes', async () => {
    const path = `${listingPath()}&limit=25`;
    await rawGet(path);
    const calls = routeCalls();
    clock.advance(LISTING_MAX_AGE_MS);
    await rawGet(path);
    expect(calls.count()).toBe(1);
    await rawGet(path);
    expect(calls.count()).toBe(1);
    // The listening connection lost: nothing is served from memory, so nothing is replayed either.
    t.app.mentorListingCache.setListening(false);
    try {
      await rawGet(path);
      await rawGet(path);
      expect(calls.count()).toBe(3);
    } finally {
      t.app.mentorListingCache.setListening(true);
    }
  });

  it("replays a mentor's free hours too, compressed as a stream by the framework when they are long", async () => {
    const hour = Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000;
    const path = `/api/mentors/availability/${mentorId}/slots?from=${new Date(hour).toISOString()}&to=${new Date(hour + 60 * 86_400_000).toISOString()}`;
    const calls = routeCalls();
    const plain = [await rawGet(path), await rawGet(path)];
    expect(plain.map((answer) => answer.status)).toEqual([200, 200]);
    expect(plain[1]!.bytes.equals(plain[0]!.bytes)).toBe(true);
    // Above @fastify/compress's threshold for compressing in one go (8 kB on two cores): the framework streams it.
    expect(plain[0]!.bytes.length).toBeGreaterThan(8 * 1024);
    const compressed = [
      await rawGet(path, { 'accept-encoding': 'br' }),
      await rawGet(path, { 'accept-encoding': 'br' }),
    ];
    expect(compressed[0]!.headers['transfer-encoding']).toBe('chunked');
    expect(compressed[1]!.headers['content-encoding']).toBe('br');
    expect(compressed[1]!.bytes.equals(compressed[0]!.bytes)).toBe(true);
    expect(decoded(compressed[1]!)).toBe(plain[0]!.bytes.toString('utf8'));
    // The same answer, framed by its length where the framework streamed it in chunks.
    const framing = ({ 'transfer-encoding': _, 'content-length': __, ...rest }: Record<string, unknown>) =>
      rest;
    expect(framing(answerHeaders(compressed[1]!))).toEqual(framing(answerHeaders(compressed[0]!)));
    expect(compressed[1]!.headers['content-length']).toBe(String(compressed[1]!.bytes.length));
    expect(calls.count()).toBe(2);
  });

  it("replays a mentor's profile to anonymous readers, never with the e-mail the mentor's own page shows", async () => {
    const path = `/api/mentor/details/${mentorId}`;
    const calls = routeCalls();
    const anonymous = [await rawGet(path), await rawGet(path)];
    expect(anonymous.map((answer) => answer.status)).toEqual([200, 200]);
    expect(anonymous[1]!.bytes.equals(anonymous[0]!.bytes)).toBe(true);
    expect(calls.count()).toBe(1);
    expect(decoded(anonymous[1]!)).not.toContain(mentorEmail);
    // The mentor's own request carries their session: the framework answers it, with their e-mail.
    const mentor = await signIn(t.app, mentorEmail);
    const own = await rawGet(path, { cookie: mentor.cookie });
    expect(own.headers['x-ratelimit-remaining']).toBeDefined();
    expect(decoded(own)).toContain(mentorEmail);
    expect(decoded(await rawGet(path))).not.toContain(mentorEmail);
  });

  describe('roadmaps', () => {
    let author: SignedIn;
    let adminCookie: string;
    beforeAll(async () => {
      author = await createSignedInUser(t, `author-${randomUUID()}@example.org`);
      adminCookie = await adminCookieFor(t);
    });

    const call = (cookie: string, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });

    /** A roadmap of one topic, submitted by its author; published (and listed) by the admin when asked. */
    async function roadmap({ publish }: { publish: boolean }): Promise<string> {
      const created = await call(author.cookie, 'POST', '/api/roadmap', {
        title: `Replayed roadmap ${randomUUID().slice(0, 8)}`,
        description: 'A roadmap sent again to anonymous readers.',
      });
      const roadmapId = created.json<{ id: string }>().id;
      const node = {
        type: 'topic',
        position: { x: 0, y: 0 },
        data: { label: 'Ownership' },
        background: '#fdff00',
      };
      const nodeId = (await call(author.cookie, 'POST', '/api/roadmap/node', { roadmapId, ...node })).json<{
        id: string;
      }>().id;
      const submitted = await call(author.cookie, 'POST', '/api/roadmap/publish', {
        roadmapId,
        nodes: [{ id: nodeId, ...node }],
        edges: [],
        nodeDetails: [],
      });
      expect(submitted.statusCode).toBe(200);
      if (publish) {
        const reviewed = await call(adminCookie, 'POST', '/api/admin/roadmap/review', {
          roadmapId,
          status: 'published',
        });
        expect(reviewed.statusCode).toBe(200);
      }
      return roadmapId;
    }

    const replayed = (answer: RawAnswer) => answer.headers['x-ratelimit-remaining'] === undefined;
    const unlist = async (roadmapId: string) =>
      expect(
        (await call(adminCookie, 'PUT', '/api/admin/roadmap/list-unlist', { roadmapId })).statusCode,
      ).toBe(200);

    it('replays a published roadmap and the public list to anonymous readers until a change is heard', async () => {
      const id = await roadmap({ publish: true });
      const path = `/api/roadmap/${id}`;
      const first = await rawGet(path, { 'accept-encoding': 'gzip' });
      const second = await rawGet(path, { 'accept-encoding': 'gzip' });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([replayed(first), replayed(second)]).toEqual([false, true]);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(JSON.parse(decoded(second)).id).toBe(id);

      const listed = async () => {
        const answer = await rawGet('/api/roadmap/published');
        return {
          replayed: replayed(answer),
          ids: JSON.parse(decoded(answer)).roadmaps.map((r: { id: string }) => r.id),
        };
      };
      await listed();
      expect(await listed()).toEqual({ replayed: true, ids: expect.arrayContaining([id]) });

      // Unlisted, it is no longer anyone's to read but its author's and the admins'.
      await unlist(id);
      await expect.poll(async () => (await rawGet(path)).status, HEARD_SOON).toBe(404);
      await expect.poll(async () => (await listed()).ids, HEARD_SOON).not.toContain(id);
    });

    it('never replays a roadmap an anonymous reader may not read', async () => {
      const draft = `/api/roadmap/${await roadmap({ publish: false })}`;
      const answers = [await rawGet(draft), await rawGet(draft)];
      expect(answers.map((answer) => [answer.status, replayed(answer)])).toEqual([
        [404, false],
        [404, false],
      ]);
      // Its author reads it through the framework, with their session; no anonymous reader is sent that answer.
      expect((await rawGet(draft, { cookie: author.cookie })).status).toBe(200);
      expect((await rawGet(draft)).status).toBe(404);
    });
  });

  it('leaves everything to the framework while the process drains, which closes each connection', async () => {
    const path = `${listingPath()}&limit=26`;
    await rawGet(path);
    const calls = routeCalls();
    t.app.lifecycle.drain();
    const answer = await rawGet(path);
    expect(calls.count()).toBe(1);
    expect(answer.headers.connection).toBe('close');
  });
});
