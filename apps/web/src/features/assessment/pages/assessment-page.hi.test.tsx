import type { AssessmentTest } from '@skillroute/shared/assessments';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { setLanguage } from '@/lib/i18n';
import { json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const nila = { id: 'u1', name: 'Nila', email: 'nila@example.com', role: 'user', avatar: null } as const;

function signedIn(path: string, handlers: Routes) {
  serve({
    'GET /api/auth/session': () => json(200, { user: nila }),
    'GET /api/user/u1': () => json(200, { user: nila }),
    ...handlers,
  });
  const store = makeTestStore();
  store.dispatch(login(nila));
  renderRoutes(routes, path, store);
}

const question = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  text: `Question ${n}?`,
  options: [
    { id: `00000000-0000-4000-8000-0000000002${n}a`, text: `Answer ${n}a` },
    { id: `00000000-0000-4000-8000-0000000002${n}b`, text: `Answer ${n}b` },
  ],
});

function aTest(started: boolean, result: AssessmentTest['result'] = null): AssessmentTest {
  const now = Date.now();
  return {
    id: 't1',
    stack: { id: '3f1f7a3e-0a0b-4c5d-8e9f-101112131415', name: 'React' },
    status: 'in_progress',
    durationSeconds: 900,
    startedAt: started ? new Date(now).toISOString() : null,
    expiresAt: started ? new Date(now + 900_000).toISOString() : null,
    serverTime: new Date(now).toISOString(),
    questions: started ? [question(1), question(2), question(3)] : [],
    answers: [],
    result,
  };
}

beforeAll(() => import('@/features/assessment/pages/assessment-page'));

describe('/assessment/{id} in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('introduces the test in Hindi: its heading, the rules and Start', async () => {
    signedIn('/assessment/t1', { 'GET /api/assessment/tests/t1': () => json(200, aTest(false)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    expect(screen.getByText('स्किल टेस्ट')).toBeInTheDocument();
    const intro = screen.getByRole('region', { name: 'शुरू करने से पहले' });
    expect(within(intro).getByRole('heading', { level: 2, name: 'शुरू करने से पहले' })).toBeInTheDocument();
    expect(intro).toHaveTextContent('10 सवाल');
    expect(intro).toHaveTextContent('15 मिनट');
    expect(intro).toHaveTextContent('पास होने के लिए 70%');
    expect(intro).toHaveTextContent('10 में से 7 सही।');
    expect(intro).toHaveTextContent('फ़ेल होने पर 24 घंटे बाद');
    expect(intro).toHaveTextContent('अभी तैयार नहीं? टेस्ट 24 घंटे तक आपके शुरू करने का इंतज़ार करता है।');
    expect(within(intro).getByRole('button', { name: 'टेस्ट शुरू करें' })).toBeInTheDocument();
    expect(within(intro).getByRole('link', { name: 'अभी नहीं' })).toHaveAttribute('href', '/');
  });

  it('runs the test in Hindi: the clock, the questions and Submit', async () => {
    signedIn('/assessment/t1', { 'GET /api/assessment/tests/t1': () => json(200, aTest(true)) });
    expect(await screen.findByRole('heading', { level: 2, name: 'सवाल 1 / 3' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveAccessibleName('बचा समय: 15 मिनट बाकी');
    const palette = screen.getByRole('navigation', { name: 'सवाल' });
    expect(palette).toHaveTextContent('3 में से 0 के जवाब दिए, 3 बाकी');
    expect(within(palette).getByRole('button', { name: 'सवाल 2, जवाब नहीं दिया' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'टेस्ट सबमिट करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अगला' })).toBeEnabled();
  });

  it('gives a failed result in Hindi, with the date to try again', async () => {
    const retryAt = new Date(Date.now() + 86_400_000).toISOString();
    signedIn('/assessment/t1', {
      'GET /api/assessment/tests/t1': () =>
        json(200, {
          ...aTest(true),
          status: 'failed',
          result: {
            score: 1,
            total: 3,
            passed: false,
            passMark: 70,
            late: false,
            submittedAt: new Date().toISOString(),
            retryAt,
          },
        }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'इस बार आप React टेस्ट पास नहीं कर पाए' }),
    ).toBeInTheDocument();
    const next = screen.getByText(/पास होने के लिए 70% चाहिए।/);
    expect(next).toHaveTextContent(/आप .+ के बाद React टेस्ट फिर से दे सकते हैं; बाकी स्टैक के टेस्ट अभी खुले हैं।$/);
    expect(within(next).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      retryAt,
    );
    expect(screen.getByRole('link', { name: 'होम पर वापस जाएँ' })).toHaveAttribute('href', '/');
  });
});
