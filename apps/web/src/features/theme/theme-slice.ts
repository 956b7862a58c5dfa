import type { UnknownAction } from 'redux';
import { createAction } from '@/lib/actions';
import { readSavedDarkMode, startingDarkMode, systemPrefersDark } from './theme-preference';

export interface ThemeState {
  isDarkMode: boolean;
  /** True once the person pressed the toggle; until then the theme follows the system's. */
  chosen: boolean;
}

/** The theme on start, from the saved preference, whether the person ever chose, and the system's scheme. */
export function themeOnStart(chosen: boolean): ThemeState {
  const savedDark = readSavedDarkMode();
  return {
    isDarkMode: startingDarkMode({ savedDark, chosen, systemDark: systemPrefersDark() }),
    chosen: chosen || savedDark,
  };
}

export const toggleDarkMode = createAction('theme/toggleDarkMode');
/** The system's scheme changed: followed only while the person has not chosen. */
export const systemSchemeChanged = createAction<boolean>('theme/systemSchemeChanged');

// The initial state is read when a store is created (its first action), not at import time.
function reducer(state: ThemeState = themeOnStart(false), action: UnknownAction): ThemeState {
  if (toggleDarkMode.match(action)) return { isDarkMode: !state.isDarkMode, chosen: true };
  if (systemSchemeChanged.match(action) && !state.chosen) return { ...state, isDarkMode: action.payload };
  return state;
}

export const themeSlice = { reducerPath: 'theme', reducer } as const;

export function selectIsDarkMode(state: { theme: ThemeState }): boolean {
  return state.theme.isDarkMode;
}

export function selectThemeChosen(state: { theme: ThemeState }): boolean {
  return state.theme.chosen;
}
