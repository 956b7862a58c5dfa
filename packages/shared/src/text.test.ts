import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './text';

describe('findNulCharacter', () => {
  it('finds nothing in ordinary text, numbers and empty values', () => {
    expect(findNulCharacter('flexbox')).toBeUndefined();
    expect(findNulCharacter({ title: 'React', tags: ['a', 'b'], count: 3, draft: null })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });

  it('names the path of the first string holding U+0000, however deep', () => {
    expect(findNulCharacter('a\u0000b')).toEqual([]);
    expect(findNulCharacter({ search: '\u0000' })).toEqual(['search']);
    expect(findNulCharacter({ nodes: [{ data: { label: 'ok' } }, { data: { label: 'x\u0000' } }] })).toEqual([
      'nodes',
      1,
      'data',
      'label',
    ]);
  });

  it('refuses a NUL character in a key too', () => {
    expect(findNulCharacter({ 'a\u0000': 'fine' })).toEqual(['a\u0000']);
  });
});
