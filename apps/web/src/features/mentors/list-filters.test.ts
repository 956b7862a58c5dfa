import { describe, expect, it } from 'vitest';
import { hasFilters, listUrl, NO_FILTERS, readFilters, writeFilters } from './list-filters';

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
