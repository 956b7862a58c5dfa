import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { login } from '@/features/auth/auth-slice';
import { setNodeContent } from '@/features/roadmaps/roadmap-content-slice';
import { toggleDarkMode } from '@/features/theme/theme-slice';
import { createSafeStorage, type PersistStorage } from '@/lib/safe-storage';
import { App } from './app';
import { makeStore } from './store';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

function readPersistedRoot(): Record<string, string> {
  return JSON.parse(window.localStorage.getItem('persist:root') ?? 'null') as Record<string, string>;
}

describe('the store', () => {
  it('persists theme, auth and adminAuth under the key "root", without roadMap or the API cache', async () => {
    const { store, persistor } = makeStore(createSafeStorage());
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    store.dispatch(login(ada));
    store.dispatch(
      setNodeContent({ nodeId: 'n1', content: { title: 'Arrays', description: 'Indexing', links: [] } }),
    );
    await persistor.flush();

    const persisted = readPersistedRoot();
    expect(Object.keys(persisted)).toEqual(expect.arrayContaining(['theme', 'auth', 'adminAuth']));
    expect(persisted).not.toHaveProperty('roadMap');
    expect(persisted).not.toHaveProperty('api');
    expect(JSON.parse(persisted.auth ?? '{}')).toEqual({ user: ada });
    expect(store.getState().roadMap.n1?.title).toBe('Arrays');
  });

  it('restores the signed-in user from storage', async () => {
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({ auth: JSON.stringify({ user: ada }), _persist: '{"version":-1,"rehydrated":true}' }),
    );
    const { store, persistor } = makeStore(createSafeStorage());
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(store.getState().auth.user).toEqual(ada);
  });

  it('never restores the moment of leaving: a reload during a logout is an ordinary visit', async () => {
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({
        auth: JSON.stringify({ user: ada, leaving: true }),
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    );
    const { store, persistor } = makeStore(createSafeStorage());
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(store.getState().auth).toEqual({ user: ada });
  });

  it('takes the dark flag from the saved theme preference, not from the copy under "root"', async () => {
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({ theme: '{"isDarkMode":true}', _persist: '{"version":-1,"rehydrated":true}' }),
    );
    const { store, persistor } = makeStore(createSafeStorage());
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(store.getState().theme.isDarkMode).toBe(false);
  });

  it('takes in the API slice only when its module loads, keeping RTK Query off the home page', async () => {
    const { store } = makeStore(createSafeStorage());
    expect(store.getState()).not.toHaveProperty('api');
    const { api } = await import('@/lib/api');
    expect(store.getState()).toHaveProperty(api.reducerPath);
    expect(makeStore(createSafeStorage()).store.getState()).toHaveProperty(api.reducerPath);
  });

  it('renders nothing until the stored state is restored', async () => {
    let release: (value: string | null) => void = () => {};
    const slowStorage: PersistStorage = {
      getItem: () => new Promise((resolve) => (release = resolve)),
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    };
    const bundle = makeStore(slowStorage);
    const { container } = render(<App {...bundle} />);
    expect(container).toBeEmptyDOMElement();

    release(null);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('keeps working, persisting nothing, when local storage throws', async () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const bundle = makeStore(storage);
    render(<App {...bundle} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();

    bundle.store.dispatch(login(ada));
    bundle.store.dispatch(toggleDarkMode());
    await bundle.persistor.flush();
    expect(bundle.store.getState().auth.user).toEqual(ada);
    expect(window.localStorage.getItem('persist:root')).toBeNull();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });
});
