import { Moon, Sun } from 'lucide-react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@/components/ui/button';
import { selectIsDarkMode, toggleDarkMode } from './theme-slice';

/** A toggle button: its name stays "Dark mode" and aria-pressed says whether it is on. */
export function ThemeToggle() {
  const isDarkMode = useSelector(selectIsDarkMode);
  const dispatch = useDispatch();
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
