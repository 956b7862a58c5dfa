import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('wraps the text in %…% and leaves its case to the query (PostgreSQL lower-cases both sides)', () => {
    expect(containsPattern('React Hooks')).toBe('%React Hooks%');
  });

  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('snake_case')).toBe('%snake\\_case%');
    expect(containsPattern('C:\\path')).toBe('%C:\\\\path%');
    expect(containsPattern('%_\\')).toBe('%\\%\\_\\\\%');
  });

  it('leaves quotes and SQL alone: the pattern is a parameter', () => {
    expect(containsPattern("' OR 1=1 --")).toBe("%' OR 1=1 --%");
  });
});
