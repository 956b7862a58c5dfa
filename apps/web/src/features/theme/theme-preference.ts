import { THEME_DARK_VALUE, THEME_STORAGE_KEY } from '@skillroute/shared/constants';
import { readLocalStorageItem, writeLocalStorageItem } from '@/lib/safe-storage';

/** The saved preference of spec §4: local storage key `theme` holding `dark`, or nothing. */
export function readSavedDarkMode(): boolean {
  return readLocalStorageItem(THEME_STORAGE_KEY) === THEME_DARK_VALUE;
}

/** Saves the preference and puts the page in that theme: on saves `dark`, off removes the key. */
export function applyDarkMode(isDarkMode: boolean): void {
  writeLocalStorageItem(THEME_STORAGE_KEY, isDarkMode ? THEME_DARK_VALUE : null);
  document.body.classList.toggle('dark', isDarkMode);
}
