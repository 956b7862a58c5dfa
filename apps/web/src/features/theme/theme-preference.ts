import { PERSIST_KEY, THEME_DARK_VALUE, THEME_STORAGE_KEY } from '@skillroute/shared/constants';
import { readLocalStorageItem, writeLocalStorageItem } from '@/lib/safe-storage';

/** The saved preference of spec §4: local storage key `theme` holding `dark`, or nothing. */
export function readSavedDarkMode(): boolean {
  return readLocalStorageItem(THEME_STORAGE_KEY) === THEME_DARK_VALUE;
}

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Whether the system (the browser or the operating system) asks for dark pages. */
export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Calls `listener` whenever the system's colour scheme changes; returns the unsubscribe. */
export function onSystemSchemeChange(listener: (dark: boolean) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  const onChange = (event: MediaQueryListEvent) => listener(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The theme a page opens in: the saved preference when it says dark (spec §4), light when the person chose
 * light with the toggle (the spec saves that as "no preference", so `chosen` remembers it), and otherwise
 * whatever the system asks for, until they press the toggle.
 */
export function startingDarkMode(input: {
  savedDark: boolean;
  chosen: boolean;
  systemDark: boolean;
}): boolean {
  if (input.savedDark) return true;
  return input.chosen ? false : input.systemDark;
}

/** Puts the page in the theme; `save` also writes the spec's preference: on saves `dark`, off removes the key. */
export function applyDarkMode(isDarkMode: boolean, save = true): void {
  if (save) writeLocalStorageItem(THEME_STORAGE_KEY, isDarkMode ? THEME_DARK_VALUE : null);
  document.body.classList.toggle('dark', isDarkMode);
}

/**
 * Whether the person ever chose a theme, read straight from the persisted state under `root` (each slice is
 * saved there as JSON inside JSON), for the first paint before the store is restored.
 */
export function readThemeChosen(): boolean {
  try {
    const root = JSON.parse(readLocalStorageItem(PERSIST_KEY) ?? '{}') as { theme?: string };
    return root.theme !== undefined && (JSON.parse(root.theme) as { chosen?: unknown }).chosen === true;
  } catch {
    return false;
  }
}
