import { describe, expect, it } from 'vitest';
import { nameSchema } from '@skillroute/shared/auth';
import { displayNameFromGoogle, FALLBACK_NAME } from './display-name';

const name = (givenName: string | undefined, fullName: string | undefined, email = 'someone@example.org') =>
  displayNameFromGoogle({ givenName, name: fullName, email });

describe('displayNameFromGoogle', () => {
  it('uses the given name when it already fits', () => {
    expect(name('Ada', 'Ada Lovelace')).toBe('Ada');
  });

  it('keeps letters only, dropping accents, spaces, hyphens and apostrophes', () => {
    expect(name('José-Luis', undefined)).toBe('JoseLuis');
    expect(name("D'Arcy", undefined)).toBe('DArcy');
    expect(name('Zoë', undefined)).toBe('Zoe');
  });

  it('truncates to 10 letters', () => {
    expect(name('Maximiliano Alexander', undefined)).toBe('Maximilian');
  });

  it('falls back to the full name, then the e-mail, when the given name is too short or missing', () => {
    expect(name('Al', 'Al Gore')).toBe('AlGore');
    expect(name(undefined, 'Bo', 'bo.diddley42@example.org')).toBe('bodiddley');
    expect(name(undefined, undefined, 'grace@example.org')).toBe('grace');
  });

  it('says "Learner" when nothing has three Latin letters', () => {
    expect(name('李', '李小龍', '12@example.org')).toBe(FALLBACK_NAME);
    expect(name('', '', 'x1@example.org')).toBe(FALLBACK_NAME);
  });

  it('always returns a name the shared rule accepts', () => {
    for (const given of ['Ada', 'José-Luis', 'Maximiliano Alexander', '李', '', 'A B C D E F G H I J K L']) {
      expect(nameSchema.safeParse(name(given, given)).success, given).toBe(true);
    }
  });
});
