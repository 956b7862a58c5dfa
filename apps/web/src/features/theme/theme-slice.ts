import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const themeSlice = createSlice({
  name: 'theme',
  // A function, so each store reads the preference when it is created rather than at import time.
  initialState: (): ThemeState => themeOnStart(false),
  reducers: {
    toggleDarkMode(state) {
      state.isDarkMode = !state.isDarkMode;
      state.chosen = true;
    },
    /** The system's scheme changed: followed only while the person has not chosen. */
    systemSchemeChanged(state, action: PayloadAction<boolean>) {
      if (!state.chosen) state.isDarkMode = action.payload;
    },
  },
});

export const { toggleDarkMode, systemSchemeChanged } = themeSlice.actions;

export function selectIsDarkMode(state: { theme: ThemeState }): boolean {
  return state.theme.isDarkMode;
}

export function selectThemeChosen(state: { theme: ThemeState }): boolean {
  return state.theme.chosen;
}
