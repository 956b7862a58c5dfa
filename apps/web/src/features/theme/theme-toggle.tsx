import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { selectIsDarkMode, toggleDarkMode } from './theme-slice';

/** A toggle button: its name stays "Dark mode" and aria-pressed says whether it is on. */
export function ThemeToggle() {
  const isDarkMode = useAppSelector(selectIsDarkMode);
  const dispatch = useAppDispatch();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label="Dark mode"
      aria-pressed={isDarkMode}
      title={isDarkMode ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={() => dispatch(toggleDarkMode())}
    >
      {isDarkMode ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
