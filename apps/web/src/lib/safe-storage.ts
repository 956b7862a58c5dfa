/** The asynchronous key-value storage redux-persist writes to. */
export interface PersistStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

const PROBE_KEY = '__skillroute_storage_probe__';

/** Storage that keeps nothing: what persistence falls back to when the browser refuses local storage. */
export const noopStorage: PersistStorage = {
  getItem: () => Promise.resolve(null),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
};

function defaultLocalStorage(): Storage {
  return window.localStorage;
}

/**
 * Local storage for redux-persist that never throws. Reading `window.localStorage` throws when storage is
 * disabled, and `setItem` throws in some private modes or when the quota is full, so it is probed once:
 * when the probe fails, persistence silently does nothing (spec §1). Later failures (quota) are swallowed
 * too; the app keeps working from memory.
 */
export function createSafeStorage(getLocalStorage: () => Storage = defaultLocalStorage): PersistStorage {
  let storage: Storage;
  try {
    storage = getLocalStorage();
    storage.setItem(PROBE_KEY, PROBE_KEY);
    storage.removeItem(PROBE_KEY);
  } catch {
    return noopStorage;
  }
  return {
    getItem: (key) => {
      try {
        return Promise.resolve(storage.getItem(key));
      } catch {
        return Promise.resolve(null);
      }
    },
    setItem: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {
        // Quota or policy: keep the state in memory only.
      }
      return Promise.resolve();
    },
    removeItem: (key) => {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to do: the key was never readable either.
      }
      return Promise.resolve();
    },
  };
}

/** Reads one local storage key, or null when storage is unavailable. */
export function readLocalStorageItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) one local storage key; does nothing when storage is unavailable. */
export function writeLocalStorageItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full: the preference lasts for this page only.
  }
}
