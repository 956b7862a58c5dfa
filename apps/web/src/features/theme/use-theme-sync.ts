import { useLayoutEffect } from 'react';
import { useSelector } from 'react-redux';
import { applyDarkMode } from './theme-preference';
import { selectIsDarkMode } from './theme-slice';

/** Keeps the saved preference and the body class in step with the theme slice. */
export function useThemeSync(): void {
  const isDarkMode = useSelector(selectIsDarkMode);
  // Layout effect: the class lands before the browser paints, so a toggle never flashes the old theme.
  useLayoutEffect(() => {
    applyDarkMode(isDarkMode);
  }, [isDarkMode]);
}
