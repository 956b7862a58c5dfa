import { describe, expect, it, vi } from 'vitest';

describe('readRoadmapEarly', () => {
  it("preloads the first roadmap's JSON as RTK Query will fetch it, with cookies, and only the first", async () => {
    // A page load's first roadmap: a fresh module, as the files of a worker share one (vitest.config.ts).
    vi.resetModules();
    const { readRoadmapEarly, roadmapPath } = await import('./read-early');
    readRoadmapEarly('a b');
    readRoadmapEarly('other');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(roadmapPath('a b'));
    expect(links[0]!.getAttribute('href')).toBe('/api/roadmap/a%20b');
    expect(links[0]!.as).toBe('fetch');
    expect(links[0]!.crossOrigin).toBe('use-credentials');
    links[0]!.remove();
  });
});
