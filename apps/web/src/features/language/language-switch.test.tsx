import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { makeStore } from '@/app/store';
import { login, type SessionUser } from '@/features/auth/auth-slice';
import { setLanguage } from '@/lib/i18n';
import { noopStorage } from '@/lib/safe-storage';
import { json, serve, type Routes } from '@/test/fake-server';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

/** Ada as the api sends her once her account keeps a language (`locale`, which the shared type may not name yet). */
const adaIn = (locale: 'en' | 'hi' | null) => ({ ...ada, locale }) as SessionUser;

/** The whole app at `/`, as main.tsx renders it: the page is drawn again under a new key when the language changes. */
function renderApp(routes: Routes = {}, user?: SessionUser) {
  const server = serve({
    'GET /api/roadmap/published': () => json(200, { roadmaps: [] }),
    // A restored user is checked with the server; the answer never comes, so it changes nothing.
    'GET /api/auth/session': () => new Promise<Response>(() => {}),
    ...routes,
  });
  const bundle = makeStore(noopStorage);
  if (user) bundle.store.dispatch(login(user));
  render(<App {...bundle} />);
  return { ...server, store: bundle.store };
}

const banner = () => within(screen.getByRole('banner'));

// As index.html has it.
beforeEach(() => {
  document.documentElement.lang = 'en';
});

// The files of a worker share one module graph (vitest.config.ts): the next one starts in English again.
afterEach(async () => {
  await act(() => setLanguage('en'));
  document.cookie = 'locale=; path=/; max-age=0';
});

describe('the language switch in the header', () => {
  it('offers Hindi to a visitor, named in Hindi and marked as Hindi', async () => {
    renderApp();
    const button = await screen.findByRole('button', { name: 'Language: हिन्दी' });
    expect(banner().getByRole('button', { name: 'Language: हिन्दी' })).toBe(button);
    const names = button.querySelectorAll('[lang]');
    expect([...names].map((name) => [name.getAttribute('lang'), name.textContent])).toEqual([
      ['hi', 'हिं'],
      ['hi', 'हिन्दी'],
    ]);
  });

  it('writes the page in Hindi, keeps the choice in this browser, and back to English', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Language: हिन्दी' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'hi'));
    expect(window.localStorage.getItem('language')).toBe('hi');
    expect(document.cookie).toContain('locale=hi');
    expect(await banner().findByRole('link', { name: 'साइन इन' })).toHaveAttribute('href', '/login');
    expect(banner().getByRole('link', { name: 'शुरू करें' })).toHaveAttribute('href', '/signup');
    const nav = banner().getByRole('navigation', { name: 'मुख्य' });
    expect(within(nav).getByRole('link', { name: 'रोडमैप' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'मेंटर' })).toBeInTheDocument();
    expect(banner().getByRole('button', { name: 'डार्क मोड' })).toBeInTheDocument();
    expect(banner().queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'कोई टेक स्किल कदम-दर-कदम सीखें, फिर दूसरों को सिखाएँ' }),
    ).toBeInTheDocument();

    // The switch is a new element in the page drawn again: it has the focus back, and now offers English.
    const back = banner().getByRole('button', { name: 'भाषा: English' });
    expect(back.querySelector('[lang="en"]')).toHaveTextContent('EN');
    await waitFor(() => expect(back).toHaveFocus());

    await user.click(back);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(await banner().findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Learn a tech skill step by step, then teach it' }),
    ).toBeInTheDocument();
  });

  it('is in the account menu of someone signed in, and keeps the choice on their account too', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderApp(
      { 'PUT /api/user/update': () => json(200, { message: 'Saved', user: adaIn('hi') }) },
      adaIn(null),
    );
    const trigger = await screen.findByRole('button', { name: 'My Account' });
    expect(banner().queryByRole('button', { name: 'Language: हिन्दी' })).not.toBeInTheDocument();
    await user.click(trigger);
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Language: हिन्दी' });
    expect(item.querySelector('[lang="hi"]')).toHaveTextContent('हिन्दी');
    await user.click(item);

    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'hi'));
    expect(window.localStorage.getItem('language')).toBe('hi');
    await waitFor(() => expect(callsTo('PUT', '/api/user/update')).toHaveLength(1));
    const form = callsTo('PUT', '/api/user/update')[0]!.body as FormData;
    expect([...form.entries()]).toEqual([
      ['userId', 'u1'],
      ['locale', 'hi'],
    ]);
    // The menu button of the page drawn again has the focus the menu gave back to the old one.
    const hindiTrigger = await screen.findByRole('button', { name: 'मेरा अकाउंट' });
    await waitFor(() => expect(hindiTrigger).toHaveFocus());
  });
});

describe('the language of a signed-in person’s account', () => {
  it('is taken up by a browser where nobody chose one', async () => {
    renderApp({}, adaIn('hi'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'hi'));
    expect(window.localStorage.getItem('language')).toBe('hi');
    expect(await screen.findByRole('button', { name: 'मेरा अकाउंट' })).toBeInTheDocument();
  });

  it('gives way to a choice made in this browser', async () => {
    window.localStorage.setItem('language', 'en');
    renderApp({}, adaIn('hi'));
    expect(await screen.findByRole('button', { name: 'My Account' })).toBeInTheDocument();
    await act(async () => {});
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it.each([null, 'en'] as const)('changes nothing when the account has %s', async (locale) => {
    renderApp({}, adaIn(locale));
    expect(await screen.findByRole('button', { name: 'My Account' })).toBeInTheDocument();
    await act(async () => {});
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(window.localStorage.getItem('language')).toBeNull();
  });
});
