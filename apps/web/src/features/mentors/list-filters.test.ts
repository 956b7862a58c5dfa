import { describe, expect, it } from 'vitest';
import {
  carriedLearning,
  learningCarryQuery,
  withLearningCarry,
  hasFilters,
  listingPathFrom,
  listUrl,
  NO_FILTERS,
  noMatchAdvice,
  readFilters,
  writeFilters,
} from './list-filters';

describe('the listing filters in the URL', () => {
  it('reads back what it writes, leaving defaults out', () => {
    const filters = {
      skill: 'React',
      experience: '5',
      languages: ['hindi', 'english'],
      companies: ['Acme', 'Globex'],
      search: 'design systems',
      page: 3,
    };
    const params = writeFilters(filters);
    expect(params.toString()).toBe(
      'skill=React&experience=5&languages=hindi%2Cenglish&companies=Acme%2CGlobex&search=design+systems&page=3',
    );
    expect(readFilters(params)).toEqual(filters);
    expect(writeFilters(NO_FILTERS).toString()).toBe('');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, page: 4 })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, languages: ['tamil'] })).toBe(true);
  });

  it('drops what the api would refuse from a hand-edited URL', () => {
    expect(
      readFilters(new URLSearchParams('experience=4&languages=klingon,tamil,tamil&page=-2&skill=%20')),
    ).toEqual({ ...NO_FILTERS, languages: ['tamil'] });
  });

  it('asks the api with its spelling and the caller', () => {
    expect(
      listUrl({
        ...NO_FILTERS,
        skill: 'Node.js',
        experience: '3',
        languages: ['french'],
        search: 'ada',
        limit: 12,
        userId: 'u1',
      }),
    ).toBe('/api/mentor/Node.js?userId=u1&languages=french&expirience=3&search=ada&page=1&limit=12');
    expect(listUrl({ ...NO_FILTERS, limit: 12 })).toBe('/api/mentor/all?page=1&limit=12');
  });
});

describe('the advice when nothing matches', () => {
  it('is about the search alone when only a search is set, and nothing at all with no filters', () => {
    expect(noMatchAdvice(NO_FILTERS)).toBeUndefined();
    expect(noMatchAdvice({ ...NO_FILTERS, search: 'zzz' })?.hint).not.toMatch(/language|experience/);
  });

  it('names only what is set', () => {
    expect(noMatchAdvice({ ...NO_FILTERS, languages: ['hindi', 'tamil'], experience: '5' })?.hint).toBe(
      'Try fewer languages or a lower experience.',
    );
    expect(noMatchAdvice({ ...NO_FILTERS, skill: 'React', companies: ['Acme'], search: 'x' })?.hint).toBe(
      'Try another skill, fewer companies or a shorter search.',
    );
  });
});

describe('the way back from a profile', () => {
  it('is the listing with the filters the card was clicked under, cleaned by the URL rules', () => {
    expect(listingPathFrom({ listing: 'skill=React&languages=hindi,klingon&page=2' })).toBe(
      '/explore-mentors?skill=React&languages=hindi&page=2',
    );
    expect(listingPathFrom(null)).toBe('/explore-mentors');
    expect(listingPathFrom({ listing: 42 })).toBe('/explore-mentors');
    expect(listingPathFrom({ listing: '' })).toBe('/explore-mentors');
  });
});

describe('the roadmap and topic a topic’s link carries', () => {
  it('survive a change of filters and go on to the profile, and nothing else does', () => {
    const address = new URLSearchParams('search=Promises&roadmap=r1&topic=t2&skill=React');
    const next = withLearningCarry(writeFilters({ ...readFilters(address), page: 1, skill: 'all' }), address);
    expect(next.toString()).toBe('search=Promises&roadmap=r1&topic=t2');
    expect(learningCarryQuery(address)).toBe('roadmap=r1&topic=t2');
    expect(learningCarryQuery(new URLSearchParams('search=Promises'))).toBe('');
  });

  it('order the listing only when they are ids, and the topic only with its roadmap', () => {
    const roadmap = '7e0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
    const topic = '00000000-0000-4000-8000-000000000002';
    const carried = carriedLearning(new URLSearchParams({ roadmap, topic }));
    expect(carried).toEqual({ roadmap, topic });
    expect(listUrl({ ...NO_FILTERS, limit: 12, ...carried })).toBe(
      `/api/mentor/all?roadmap=${roadmap}&topic=${topic}&page=1&limit=12`,
    );
    expect(carriedLearning(new URLSearchParams({ roadmap, topic: 'nope' }))).toEqual({ roadmap });
    expect(carriedLearning(new URLSearchParams({ roadmap: 'nope', topic }))).toEqual({});
    expect(listUrl({ ...NO_FILTERS, limit: 12, topic })).toBe('/api/mentor/all?page=1&limit=12');
  });
});
