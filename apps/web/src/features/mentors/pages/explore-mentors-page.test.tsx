import type { MentorCard } from '@skillroute/shared/mentors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { login } from '@/features/auth/api';
import { formatSlotDateTime } from '@/lib/time-zones';
import { envelope, json, serve, type RecordedCall } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

function mentor(changes: Partial<MentorCard> & { id: string; name: string }): MentorCard {
  return {
    avatar: null,
    headline: 'Senior frontend engineer who enjoys teaching',
    expirience: 6,
    languages: ['english', 'hindi'],
    assessedSkills: ['React'],
    companies: ['Acme'],
    timezone: 'Asia/Kolkata',
    rating: 4.75,
    reviewCount: 12,
    sessionsHeld: 30,
    pricePerSession: 1500,
    nextFreeSlot: { startTime: '2026-12-01T04:30:00.000Z', endTime: '2026-12-01T05:30:00.000Z' },
    ...changes,
  };
}

const stacks = () =>
  json(200, [
    { id: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11', name: 'React' },
    { id: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a12', name: 'Node.js' },
  ]);
const page = (mentors: MentorCard[], total = mentors.length, at = 1) =>
  json(200, { mentors, total, page: at, limit: 12 });

/** The listing's routes, one per skill a test asks for (the fake server matches whole paths). */
function listing(handler: (call: RecordedCall) => Response | Promise<Response>) {
  return Object.fromEntries(
    ['all', 'React', 'Node.js'].map((skill) => [`GET /api/mentor/${skill}`, handler]),
  );
}

/** Every listing request so far, whatever its skill. */
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && /^\/api\/mentor\/(?!details\/)[^/]+$/.test(call.path));

/** The skill the request asked for, from its path. */
const skillOf = (call: RecordedCall) => decodeURIComponent(call.path.split('/').at(-1) ?? '');

describe('/explore-mentors', () => {
  it('shows each mentor as a card: skills, languages, experience, companies, rupees, rating, sessions and the next free hour', async () => {
    serve({
      'GET /api/assessment': stacks,
      ...listing(() =>
        page([
          mentor({ id: 'm1', name: 'Ada Lovelace' }),
          mentor({
            id: 'm2',
            name: 'Grace',
            pricePerSession: 125_000,
            rating: null,
            reviewCount: 0,
            sessionsHeld: 1,
            nextFreeSlot: null,
            companies: [],
          }),
        ]),
      ),
    });
    renderRoutes(routes, '/explore-mentors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a mentor' })).toBeInTheDocument();
    const ada = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest('article') as HTMLElement;
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/mentor-profile/m1',
    );
    expect(ada).toHaveTextContent('Senior frontend engineer who enjoys teaching');
    expect(within(ada).getByRole('list', { name: 'Assessed skills' })).toHaveTextContent('React');
    expect(ada).toHaveTextContent('English, Hindi');
    expect(ada).toHaveTextContent('6 years experience · Acme');
    expect(ada).toHaveTextContent('₹1,500 / session');
    expect(within(ada).getByLabelText('Rated 4.8 out of 5')).toBeInTheDocument();
    expect(ada).toHaveTextContent('(12 reviews) · 30 sessions held');
    // In the visitor's own zone.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(ada).toHaveTextContent(`Next free: ${formatSlotDateTime('2026-12-01T04:30:00.000Z', zone)}`);

    const grace = screen.getByRole('link', { name: 'Grace' }).closest('article') as HTMLElement;
    expect(grace).toHaveTextContent('₹1,25,000 / session');
    expect(grace).toHaveTextContent('New');
    expect(grace).toHaveTextContent('1 session held');
    expect(grace).toHaveTextContent('No free slot in the next 60 days');
    expect(screen.getByText('2 mentors')).toBeInTheDocument();
  });

  it('writes ₹12,500 with Indian grouping', async () => {
    serve({
      'GET /api/assessment': stacks,
      ...listing(() => page([mentor({ id: 'm1', name: 'Ada', pricePerSession: 12_500 })])),
    });
    renderRoutes(routes, '/explore-mentors');
    expect((await screen.findByRole('link', { name: 'Ada' })).closest('article')).toHaveTextContent(
      '₹12,500 / session',
    );
  });

  it('reads the filters from the URL it was opened at, and sends them', async () => {
    const { calls } = serve({
      'GET /api/assessment': stacks,
      ...listing(() => page([mentor({ id: 'm1', name: 'Ada' })])),
    });
    renderRoutes(
      routes,
      '/explore-mentors?skill=React&experience=5&languages=hindi,tamil&companies=Acme,Globex&search=design&page=2',
    );
    await screen.findByRole('link', { name: 'Ada' });
    const call = listCalls(calls).at(-1) as RecordedCall;
    expect(skillOf(call)).toBe('React');
    expect(Object.fromEntries(call.query)).toEqual({
      languages: 'hindi,tamil',
      companies: 'Acme,Globex',
      expirience: '5',
      search: 'design',
      page: '2',
      limit: '12',
    });
    // The form shows them back.
    expect(screen.getByRole('searchbox', { name: 'Search mentors' })).toHaveValue('design');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Skill' })).toHaveValue('React'));
    expect(screen.getByRole('combobox', { name: 'Minimum experience' })).toHaveValue('5');
    expect(screen.getByRole('checkbox', { name: 'Hindi' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tamil' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'English' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Companies' })).toHaveValue('Acme, Globex');
  });

  it('keeps both when the companies and the search settle together', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([mentor({ id: 'm1', name: 'Ada' })])) });
    const { router } = renderRoutes(routes, '/explore-mentors');
    await screen.findByRole('link', { name: 'Ada' });
    // Typed in the same moment, so both fields' delays end before the page renders again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Companies' }), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search mentors' }), {
      target: { value: 'graphs' },
    });
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect([params.get('companies'), params.get('search')]).toEqual(['Acme', 'graphs']);
    });
  });

  it('writes each filter to the URL, sends it, and steps back through them', async () => {
    const user = userEvent.setup();
    const { calls } = serve({
      'GET /api/assessment': stacks,
      ...listing(() => page([mentor({ id: 'm1', name: 'Ada' })])),
    });
    const { router } = renderRoutes(routes, '/explore-mentors', signedIn());
    await screen.findByRole('link', { name: 'Ada' });
    expect(listCalls(calls).at(-1)?.query.get('userId')).toBe('0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a99');

    await waitFor(() => expect(screen.getByRole('option', { name: 'Node.js' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Skill' }), 'Node.js');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minimum experience' }), '3+ years');
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    await user.type(screen.getByRole('textbox', { name: 'Companies' }), 'Acme, Initech');
    await user.type(screen.getByRole('searchbox', { name: 'Search mentors' }), 'graphs');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('search')).toBe('graphs'),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      skill: 'Node.js',
      experience: '3',
      languages: 'french',
      companies: 'Acme,Initech',
      search: 'graphs',
    });
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('search')).toBe('graphs'));
    const call = listCalls(calls).at(-1) as RecordedCall;
    expect(skillOf(call)).toBe('Node.js');
    expect(call.query.get('expirience')).toBe('3');
    expect(call.query.get('languages')).toBe('french');
    expect(call.query.get('companies')).toBe('Acme,Initech');
    // The search waited for the typing to stop: no request for a half-typed word.
    expect(listCalls(calls).some((item) => item.query.get('search') === 'gr')).toBe(false);

    // Back undoes the last pushed choice (the language), keeping the form in step.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'French' })).not.toBeChecked());
    expect(new URLSearchParams(router.state.location.search).get('languages')).toBeNull();
  });

  it('pages through the results', async () => {
    const user = userEvent.setup();
    const { calls } = serve({
      'GET /api/assessment': stacks,
      ...listing((call) => {
        const at = Number(call.query.get('page'));
        return page([mentor({ id: `m${at}`, name: `Mentor${at}` })], 30, at);
      }),
    });
    const { router } = renderRoutes(routes, '/explore-mentors?languages=hindi');
    await screen.findByRole('link', { name: 'Mentor1' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Mentor2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?languages=hindi&page=2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Mentor3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listCalls(calls).map((call) => call.query.get('page'))).toEqual(['1', '2', '3']);
    // A new filter starts again at page 1.
    await user.click(screen.getByRole('checkbox', { name: 'Tamil' }));
    await waitFor(() => expect(router.state.location.search).toBe('?languages=hindi%2Ctamil'));
    expect(await screen.findByRole('link', { name: 'Mentor1' })).toBeInTheDocument();
  });

  it('offers the first page when a link names a page past the end', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/assessment': stacks,
      ...listing((call) =>
        call.query.get('page') === '9' ? page([], 3, 9) : page([mentor({ id: 'm1', name: 'Ada' })], 3),
      ),
    });
    const { router } = renderRoutes(routes, '/explore-mentors?skill=React&page=9');
    expect(await screen.findByText('There is no page 9 of these results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?skill=React');
  });

  it('says when no mentor matches, and clears the filters', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/assessment': stacks,
      ...listing((call) =>
        call.query.get('languages') ? page([]) : page([mentor({ id: 'm1', name: 'Ada' })]),
      ),
    });
    const { router } = renderRoutes(routes, '/explore-mentors?languages=german&search=zzz');
    expect(await screen.findByText('No mentor matches these filters')).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1) as HTMLElement);
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search mentors' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'German' })).not.toBeChecked();
  });

  it('answers a search that finds no one about the search, not about languages or experience it never set', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([])) });
    renderRoutes(routes, '/explore-mentors?search=zzz');
    expect(await screen.findByText('No mentor matches “zzz”')).toBeInTheDocument();
    expect(
      screen.getByText('Check the spelling, or search for part of a name, a skill or a company.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/fewer languages|lower experience/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  });

  it('suggests loosening only the filters that are set', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([])) });
    renderRoutes(routes, '/explore-mentors?experience=5');
    expect(await screen.findByText('No mentor matches these filters')).toBeInTheDocument();
    expect(screen.getByText('Try a lower experience.')).toBeInTheDocument();
  });

  it('hands the profile its filters: "All mentors" there comes back to the same listing', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/assessment': stacks,
      ...listing(() => page([mentor({ id: 'm1', name: 'Ada' })])),
      // The profile stays loading: its "All mentors" link is there from the start.
      'GET /api/mentor/details/m1': () => new Promise<Response>(() => {}),
      'GET /api/mentors/availability/m1/slots': () => new Promise<Response>(() => {}),
    });
    const { router } = renderRoutes(routes, '/explore-mentors?skill=React&languages=hindi&page=2');
    await user.click(await screen.findByRole('link', { name: 'Ada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor-profile/m1'));
    await user.click(await screen.findByRole('link', { name: 'All mentors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore-mentors'));
    expect(router.state.location.search).toBe('?skill=React&languages=hindi&page=2');
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeInTheDocument();
  });

  it('shows skeletons while loading, and an error with a retry', async () => {
    const user = userEvent.setup();
    let answer: (reply: Response) => void = () => {};
    let calls = 0;
    serve({
      'GET /api/assessment': stacks,
      ...listing(() => {
        calls += 1;
        return calls === 1
          ? new Promise<Response>((resolve) => (answer = resolve))
          : page([mentor({ id: 'm1', name: 'Ada' })]);
      }),
    });
    renderRoutes(routes, '/explore-mentors');
    expect(await screen.findByRole('list', { name: 'Loading mentors' })).toBeInTheDocument();
    answer(envelope(500, 'Something went wrong on our side. Please try again later.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The mentors could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is linked from the header as Mentors, marked current', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([])) });
    renderRoutes(routes, '/explore-mentors');
    const link = within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Mentors',
    });
    expect(link).toHaveAttribute('href', '/explore-mentors');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});

function signedIn() {
  const store = makeTestStore();
  store.dispatch(
    login({
      id: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a99',
      name: 'Ada',
      email: 'ada@example.com',
      role: 'user',
      avatar: null,
    }),
  );
  return store;
}
