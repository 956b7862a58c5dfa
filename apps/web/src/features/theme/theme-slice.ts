import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSavedDarkMode } from './theme-preference';

export interface ThemeState {
  isDarkMode: boolean;
}

export const themeSlice = createSlice({
  name: 'theme',
  // A function, so each store reads the preference when it is created rather than at import time.
  initialState: (): ThemeState => ({ isDarkMode: readSavedDarkMode() }),
  reducers: {
    setDarkMode(state, action: PayloadAction<boolean>) {
      state.isDarkMode = action.payload;
    },
    toggleDarkMode(state) {
      state.isDarkMode = !state.isDarkMode;
    },
  },
});

export const { setDarkMode, toggleDarkMode } = themeSlice.actions;

export function selectIsDarkMode(state: { theme: ThemeState }): boolean {
  return state.theme.isDarkMode;
}
