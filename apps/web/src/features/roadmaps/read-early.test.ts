import { describe, expect, it } from 'vitest';
import { readRoadmapEarly, roadmapPath } from './read-early';

describe('readRoadmapEarly', () => {
  it("preloads the first roadmap's JSON as RTK Query will fetch it, with cookies, and only the first", () => {
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
