import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTestStore, renderWithStore } from '@/test/render';
import { applyDarkMode, readSavedDarkMode } from './theme-preference';
import { selectIsDarkMode } from './theme-slice';
import { ThemeToggle } from './theme-toggle';
import { useThemeSync } from './use-theme-sync';

function ThemedToggle() {
  useThemeSync();
  return <ThemeToggle />;
}

describe('the saved theme preference', () => {
  it('reads dark only from theme=dark', () => {
    expect(readSavedDarkMode()).toBe(false);
    window.localStorage.setItem('theme', 'light');
    expect(readSavedDarkMode()).toBe(false);
    window.localStorage.setItem('theme', 'dark');
    expect(readSavedDarkMode()).toBe(true);
  });

  it('on: saves theme=dark and adds the dark class to body; off: removes both', () => {
    applyDarkMode(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.body).toHaveClass('dark');
    applyDarkMode(false);
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(document.body).not.toHaveClass('dark');
  });

  it('survives a local storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readSavedDarkMode()).toBe(false);
    expect(() => applyDarkMode(true)).not.toThrow();
    expect(document.body).toHaveClass('dark');
  });

  it('is the initial state of the theme slice', () => {
    window.localStorage.setItem('theme', 'dark');
    expect(selectIsDarkMode(makeTestStore().getState())).toBe(true);
    window.localStorage.removeItem('theme');
    expect(selectIsDarkMode(makeTestStore().getState())).toBe(false);
  });
});

describe('the dark mode toggle', () => {
  it('is a named toggle button that switches the page and the saved preference', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ThemedToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().theme.isDarkMode).toBe(true);
    expect(document.body).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.body).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBeNull();
  });

  it('starts pressed when the saved preference is dark', () => {
    window.localStorage.setItem('theme', 'dark');
    renderWithStore(<ThemedToggle />);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.body).toHaveClass('dark');
  });
});
