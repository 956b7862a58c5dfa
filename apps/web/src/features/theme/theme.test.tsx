import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTestStore, renderWithStore } from '@/test/render';
import { applyDarkMode, readSavedDarkMode, readThemeChosen, startingDarkMode } from './theme-preference';
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

  it('follows the system until the person chooses; a saved dark always wins', () => {
    expect(startingDarkMode({ savedDark: false, chosen: false, systemDark: true })).toBe(true);
    expect(startingDarkMode({ savedDark: false, chosen: false, systemDark: false })).toBe(false);
    expect(startingDarkMode({ savedDark: false, chosen: true, systemDark: true })).toBe(false);
    expect(startingDarkMode({ savedDark: true, chosen: true, systemDark: false })).toBe(true);
    expect(startingDarkMode({ savedDark: true, chosen: false, systemDark: false })).toBe(true);
  });

  it('reads whether the person chose from the persisted root, and survives a broken one', () => {
    expect(readThemeChosen()).toBe(false);
    window.localStorage.setItem(
      'root',
      JSON.stringify({ theme: JSON.stringify({ isDarkMode: false, chosen: true }) }),
    );
    expect(readThemeChosen()).toBe(true);
    window.localStorage.setItem('root', '{not json');
    expect(readThemeChosen()).toBe(false);
    window.localStorage.removeItem('root');
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

  it('opens dark on a system that asks for dark, follows it while nobody chose, and stops following once toggled', async () => {
    const listeners = new Set<(event: { matches: boolean }) => void>();
    let systemDark = true;
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark') && systemDark,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
        listeners.delete(listener),
    }));
    const turnSystem = (dark: boolean) =>
      act(() => {
        systemDark = dark;
        for (const listener of listeners) listener({ matches: dark });
      });
    const user = userEvent.setup();
    const { store } = renderWithStore(<ThemedToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.body).toHaveClass('dark');
    // Following the system writes no preference: that is the person's to make.
    expect(window.localStorage.getItem('theme')).toBeNull();
    turnSystem(false);
    expect(document.body).not.toHaveClass('dark');
    turnSystem(true);
    expect(document.body).toHaveClass('dark');

    await user.click(toggle);
    expect(store.getState().theme).toEqual({ isDarkMode: false, chosen: true });
    turnSystem(false);
    turnSystem(true);
    expect(document.body).not.toHaveClass('dark');
    vi.unstubAllGlobals();
  });

  it('starts pressed when the saved preference is dark', () => {
    window.localStorage.setItem('theme', 'dark');
    renderWithStore(<ThemedToggle />);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.body).toHaveClass('dark');
  });
});
