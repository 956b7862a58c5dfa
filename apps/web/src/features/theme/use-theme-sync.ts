import { useEffect, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { applyDarkMode, onSystemSchemeChange } from './theme-preference';
import { selectIsDarkMode, selectThemeChosen, systemSchemeChanged } from './theme-slice';

/**
 * Keeps the body class (and, once the person chose, the saved preference) in step with the theme slice,
 * and follows the system's scheme while they have not chosen.
 */
export function useThemeSync(): void {
  const isDarkMode = useAppSelector(selectIsDarkMode);
  const chosen = useAppSelector(selectThemeChosen);
  const dispatch = useAppDispatch();
  // Layout effect: the class lands before the browser paints, so a toggle never flashes the old theme.
  useLayoutEffect(() => {
    applyDarkMode(isDarkMode, chosen);
  }, [isDarkMode, chosen]);
  useEffect(() => onSystemSchemeChange((dark) => dispatch(systemSchemeChanged(dark))), [dispatch]);
}
