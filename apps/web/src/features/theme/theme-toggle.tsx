import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
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
      aria-label={t('Dark mode')}
      aria-pressed={isDarkMode}
      title={isDarkMode ? t('Switch to light mode') : t('Switch to dark mode')}
      onClick={() => dispatch(toggleDarkMode())}
    >
      {isDarkMode ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
