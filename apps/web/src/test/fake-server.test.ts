import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkReply, envelope, fromAProxy, json, serve, takeDrifts } from './fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = {
  id: 'r1',
  title: 'Rust basics',
  description: 'A path through the topics that matter.',
  status: 'published',
  isActive: true,
  adminFeedback: null,
  submittedAt: '2026-11-18T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  author: { id: 'u1', name: 'Ada' },
  nodeCount: 4,
};

describe('the fake server', () => {
  it('passes a reply that fits the api’s schema of its route, and any refusal in the error envelope', async () => {
    await expect(
      checkReply('GET', '/api/roadmap/published', json(200, { roadmaps: [summary] })),
    ).resolves.toBeUndefined();
    await expect(
      checkReply('GET', '/api/roadmap/r1', envelope(404, 'Roadmap not found.')),
    ).resolves.toBeUndefined();
    await expect(checkReply('POST', '/api/roadmap', json(201, { id: 'r2' }))).resolves.toBeUndefined();
  });

  it('refuses a drifting fixture, naming the route and what does not fit', async () => {
    const { nodeCount: _dropped, ...withoutCount } = summary;
    const refusal = checkReply(
      'GET',
      '/api/roadmap/published',
      json(200, { roadmaps: [{ ...withoutCount, status: 'draft' }] }),
    );
    await expect(refusal).rejects.toThrow(
      "GET /api/roadmap/published (200) does not fit the api's schema of GET /api/roadmap/published",
    );
    await expect(refusal).rejects.toThrow(
      /roadmaps\[0\]\.status[\s\S]*roadmaps\[0\]\.nodeCount|roadmaps\[0\]\.nodeCount[\s\S]*roadmaps\[0\]\.status/,
    );
  });

  it('refuses a refusal outside the error envelope, a status the route never answers, and a route the api does not have', async () => {
    await expect(checkReply('GET', '/api/roadmap/r1', json(404, { error: 'gone' }))).rejects.toThrow(
      'GET /api/roadmap/r1 (404) does not fit',
    );
    await expect(checkReply('POST', '/api/roadmap', json(200, { id: 'r2' }))).rejects.toThrow(
      'POST /api/roadmap never answers 200',
    );
    await expect(checkReply('GET', '/api/roadmaps', json(200, {}))).rejects.toThrow(
      'the api has no such route',
    );
    await expect(
      checkReply('PUT', '/api/user/update', new Response('<html>', { status: 502 })),
    ).rejects.toThrow('the body is not JSON');
  });

  it('lets through what a proxy in front of the api sends, when the test says so', async () => {
    await expect(
      checkReply('PUT', '/api/user/update', fromAProxy(new Response('<html>', { status: 502 }))),
    ).resolves.toBeUndefined();
  });

  it('fails the fetch of a drifting reply and keeps the refusal for the end of the test, so a page cannot swallow it', async () => {
    serve({ 'GET /api/auth/session': () => json(200, { user: { id: 'u1', name: 'Ada' } }) });
    await expect(fetch(new Request('http://localhost/api/auth/session'))).rejects.toThrow(
      'GET /api/auth/session (200) does not fit',
    );
    const drifts = takeDrifts();
    expect(drifts).toHaveLength(1);
    expect(drifts[0]?.message).toMatch(/user\.email/);
    expect(takeDrifts()).toEqual([]);
  });
});
