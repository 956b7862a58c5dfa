import { LOCALE_COOKIE } from '@skillroute/shared/i18n/locales';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { setLanguage } from '@/lib/i18n';
import { envelope, json, serve } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';

// The files of a worker share their modules (vitest.config.ts): the language goes back to English after each test.
beforeEach(async () => {
  await setLanguage('hi');
});
afterEach(async () => {
  await setLanguage('en');
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
});

describe('the account pages in Hindi', () => {
  it('write the sign-in page and the rules’ messages under its fields in Hindi', async () => {
    const { callsTo } = serve({ 'GET /api/config': () => json(200, { googleClientId: null }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'साइन इन' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'साइन इन' }));
    expect(await screen.findByText('ई-मेल लिखना ज़रूरी है')).toBeInTheDocument();
    expect(screen.getByText('पासवर्ड लिखना ज़रूरी है')).toBeInTheDocument();
    expect(screen.getByLabelText('ई-मेल')).toHaveFocus();
    expect(callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('writes a rule’s message made from a number in Hindi, with the number', async () => {
    serve({ 'GET /api/config': () => json(200, { googleClientId: null }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/signup');
    await user.type(await screen.findByLabelText('नाम'), 'Al');
    await user.click(screen.getByRole('button', { name: 'अकाउंट बनाएँ' }));
    expect(await screen.findByText('नाम कम से कम 3 अक्षरों का होना चाहिए')).toBeInTheDocument();
    expect(screen.getByText('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए')).toBeInTheDocument();
  });

  it('tells a blocked person why in Hindi', async () => {
    serve({
      'GET /api/config': () => json(200, { googleClientId: null }),
      'POST /api/auth/login': () => envelope(403, 'You are not allowed to do this.', { reason: 'blocked' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText('ई-मेल'), 'ada@example.com');
    await user.type(screen.getByLabelText('पासवर्ड'), 'lovelace1');
    await user.click(screen.getByRole('button', { name: 'साइन इन' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह अकाउंट ब्लॉक कर दिया गया है, इसलिए इससे साइन इन नहीं किया जा सकता। अगर आपको लगता है कि यह गलती है, तो कृपया सपोर्ट से संपर्क करें।',
    );
  });
});
