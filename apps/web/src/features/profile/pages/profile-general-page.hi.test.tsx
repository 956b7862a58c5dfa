import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

function openProfile() {
  serve({
    'GET /api/auth/session': () => json(200, { user: ada }),
    'GET /api/user/u1': () => json(200, { user: ada }),
  });
  const store = makeTestStore();
  store.dispatch(login(ada));
  renderRoutes(routes, '/profile/general', store);
}

describe('/profile/general in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes its heading, menu and labels in Hindi', async () => {
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeInTheDocument();
    expect(screen.getByText('मेंटर और सीखने वालों को आप ऐसे दिखते हैं।')).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'प्रोफ़ाइल' })[0]!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['सामान्य', 'रोडमैप', 'बुकिंग']);
    expect(screen.getByRole('button', { name: 'प्रोफ़ाइल मेन्यू' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'प्रोफ़ाइल फ़ोटो बदलें' })).toBeInTheDocument();
    expect(screen.getByText('JPG, PNG या WebP, 5 MB तक।')).toBeInTheDocument();
    expect(screen.getByText('नाम')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada, नाम बदलें' })).toHaveAttribute(
      'title',
      'बदलने के लिए क्लिक करें',
    );
    expect(screen.getByText('ई-मेल')).toBeInTheDocument();
    expect(
      screen.getByText('हम आपको जो भी समय दिखाते या भेजते हैं, ई-मेल और सूचनाओं में भी, वह इसी ज़ोन में होता है।'),
    ).toBeInTheDocument();
  });

  it('names the time zones in Hindi, and still finds one by its English name', async () => {
    const user = userEvent.setup();
    openProfile();
    const zone = await screen.findByRole('combobox', { name: 'टाइम ज़ोन' });
    expect(zone).toHaveValue('भारतीय मानक समय (Kolkata)');
    await user.click(zone);
    await user.type(zone, 'India');
    expect(screen.getByRole('option', { name: 'भारतीय मानक समय (Kolkata)' })).toBeInTheDocument();
    await user.clear(zone);
    await user.type(zone, 'Nowhere');
    expect(
      screen.getByRole('option', { name: '“Nowhere” से मेल खाता कोई टाइम ज़ोन नहीं है' }),
    ).toBeInTheDocument();
  });
});
