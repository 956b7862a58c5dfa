import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage, noopStorage, readLocalStorageItem, writeLocalStorageItem } from './safe-storage';

describe('createSafeStorage', () => {
  it('uses local storage when it works', async () => {
    const storage = createSafeStorage();
    await storage.setItem('k', 'v');
    expect(window.localStorage.getItem('k')).toBe('v');
    expect(await storage.getItem('k')).toBe('v');
    await storage.removeItem('k');
    expect(window.localStorage.getItem('k')).toBeNull();
  });

  it('falls back to the no-op storage when reading window.localStorage throws', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(storage).toBe(noopStorage);
  });

  it('falls back to the no-op storage when setItem throws (Safari private mode)', () => {
    const refusing = {
      ...window.localStorage,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as Storage;
    expect(createSafeStorage(() => refusing)).toBe(noopStorage);
  });

  it('swallows a quota error that happens after the probe', async () => {
    const storage = createSafeStorage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    await expect(storage.setItem('k', 'v')).resolves.toBeUndefined();
  });
});

describe('single-key helpers', () => {
  it('read null and write nothing when storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(readLocalStorageItem('theme')).toBeNull();
    expect(() => writeLocalStorageItem('theme', 'dark')).not.toThrow();
  });
});
