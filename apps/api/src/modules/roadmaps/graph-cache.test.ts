import { describe, expect, it } from 'vitest';
import type { Roadmap } from '@skillroute/shared/roadmap-api';
import { AppError } from '../../lib/errors';
import { matchesEtag } from '../../lib/serialized-body';
import { ENTRY_MAX_AGE_MS, RoadmapReadCache } from './graph-cache';

const ID = '7d0c3a5e-2a3f-4f6e-9c38-0f6f1f0c9a11';
const AUTHOR = '3b9f1c2e-5d4a-4b8e-8f0a-6c7d8e9f0a1b';

function roadmap(changes: Partial<Roadmap> = {}): Roadmap {
  return {
    id: ID,
    title: 'Rust from zero',
    description: 'From cargo new to fearless concurrency.',
    status: 'published',
    isActive: true,
    adminFeedback: null,
    submittedAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    author: { id: AUTHOR, name: 'Ada' },
    nodeCount: 0,
    nodes: [],
    edges: [],
    ...changes,
  };
}

/** A load that counts its calls and returns `value` (or what `next` says). */
function counted(value: () => Roadmap) {
  const load = async () => {
    load.calls += 1;
    return value();
  };
  load.calls = 0;
  return load;
}

function listeningCache(now = () => 0) {
  const cache = new RoadmapReadCache(now);
  cache.setListening(true);
  return cache;
}

describe('RoadmapReadCache', () => {
  it('keeps what it read until the roadmap changes', async () => {
    const cache = listeningCache();
    const load = counted(() => roadmap());
    const first = await cache.readRoadmap(ID, {}, load);
    expect(await cache.readRoadmap(ID, {}, load)).toBe(first);
    expect(load.calls).toBe(1);
    cache.forget(ID);
    await cache.readRoadmap(ID, {}, load);
    expect(load.calls).toBe(2);
  });

  it('says whether what it kept is still current: until a change, the age limit or a lost listener', async () => {
    let now = 0;
    const cache = listeningCache(() => now);
    const load = counted(() => roadmap());
    const kept = await cache.readRoadmap(ID, {}, load);
    const list = await cache.readPublishedList(async () => []);
    expect([kept.isCurrent?.(), list.isCurrent?.()]).toEqual([true, true]);
    now = ENTRY_MAX_AGE_MS;
    expect([kept.isCurrent?.(), list.isCurrent?.()]).toEqual([false, false]);

    const again = await cache.readRoadmap(ID, {}, load);
    const listAgain = await cache.readPublishedList(async () => []);
    cache.forget(ID);
    expect([again.isCurrent?.(), listAgain.isCurrent?.()]).toEqual([false, false]);

    const third = await cache.readRoadmap(ID, {}, load);
    cache.setListening(false);
    expect(third.isCurrent?.()).toBe(false);
    // Read while nothing is heard: not kept, so nothing may send it again.
    expect((await cache.readRoadmap(ID, {}, load)).isCurrent).toBeUndefined();
  });

  it('does not keep a read that began before a change was heard', async () => {
    const cache = listeningCache();
    let finish: (value: Roadmap) => void = () => undefined;
    const slow = new Promise<Roadmap>((resolve) => (finish = resolve));
    const reading = cache.readRoadmap(ID, {}, () => slow);
    cache.forget(ID);
    finish(roadmap({ title: 'Old title' }));
    expect(JSON.parse((await reading).body)).toMatchObject({ title: 'Old title' });
    const load = counted(() => roadmap({ title: 'New title' }));
    expect(JSON.parse((await cache.readRoadmap(ID, {}, load)).body)).toMatchObject({ title: 'New title' });
    expect(load.calls).toBe(1);
  });

  it('keeps nothing while not listening, and drops everything when listening starts again', async () => {
    const cache = new RoadmapReadCache(() => 0);
    const load = counted(() => roadmap());
    await cache.readRoadmap(ID, {}, load);
    await cache.readRoadmap(ID, {}, load);
    expect(load.calls).toBe(2);
    cache.setListening(true);
    await cache.readRoadmap(ID, {}, load);
    cache.setListening(false);
    cache.setListening(true);
    await cache.readRoadmap(ID, {}, load);
    expect(load.calls).toBe(4);
  });

  it('applies the access rule to a kept draft: its author reads it, a stranger gets 404', async () => {
    const cache = listeningCache();
    const load = counted(() => roadmap({ status: 'drafted', isActive: false }));
    const own = await cache.readRoadmap(ID, { userId: AUTHOR }, load);
    expect(own.public).toBe(false);
    await expect(cache.readRoadmap(ID, {}, load)).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'not_found',
    );
    await expect(cache.readRoadmap(ID, { sessionLapsed: true }, load)).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'unauthorized',
    );
    expect(await cache.readRoadmap(ID, { isAdmin: true }, load)).toBe(own);
    expect(load.calls).toBe(1);
  });

  it('reads again once an entry is older than its maximum age', async () => {
    let now = 0;
    const cache = listeningCache(() => now);
    const load = counted(() => roadmap());
    await cache.readRoadmap(ID, {}, load);
    now = ENTRY_MAX_AGE_MS - 1;
    await cache.readRoadmap(ID, {}, load);
    now = ENTRY_MAX_AGE_MS;
    await cache.readRoadmap(ID, {}, load);
    expect(load.calls).toBe(2);
  });

  it('drops the public list on any change', async () => {
    const cache = listeningCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      return [];
    };
    const list = await cache.readPublishedList(load);
    expect(JSON.parse(list.body)).toEqual({ roadmaps: [] });
    await cache.readPublishedList(load);
    cache.forget(ID);
    await cache.readPublishedList(load);
    expect(calls).toBe(2);
  });
});

describe('matchesEtag', () => {
  it('matches the tag in a list, weak or strong, and *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
