import type { EarningsResponse, EarningsSession } from '@skillroute/shared/earnings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, type SessionUser } from '@/features/auth/api';
import { MENTEE_ID, MENTOR_ID } from '@/features/bookings/test-bookings';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ada = { id: MENTOR_ID, name: 'Ada', email: 'ada@example.com', role: 'mentor', avatar: null } as const;
const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;

const aSession = (changes: Partial<EarningsSession> = {}): EarningsSession => ({
  bookingId: '00000000-0000-4000-8000-000000000001',
  startTime: '2026-11-20T04:30:00.000Z',
  mentee: { name: 'Grace Hopper' },
  price: 150_000,
  platformFee: 15_000,
  gstOnFee: 2_700,
  net: 132_300,
  status: 'completed',
  ...changes,
});

const anEarnings = (changes: Partial<EarningsResponse> = {}): EarningsResponse => ({
  currency: 'INR',
  pending: 12_345_600,
  available: 132_300,
  paidOut: 50_050,
  lifetime: 12_527_950,
  payoutMinimum: 50_000,
  sessions: [aSession()],
  payouts: [],
  ...changes,
});

function open(earnings: () => Response, { user = ada as SessionUser, extra = {} as Routes } = {}) {
  const server = serve({
    'GET /api/auth/session': () => json(200, { user }),
    'GET /api/earnings': earnings,
    'GET /api/earnings/payout-method': () => json(200, { method: null }),
    ...extra,
  });
  const store = makeTestStore();
  store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, '/profile/earnings', store) };
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const sessionsTable = () => screen.getByRole('table', { name: 'Sessions' });

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T01:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/profile/earnings', () => {
  it('is in a mentor’s profile menu, and shows the four figures in rupees with Indian grouping', async () => {
    open(() => json(200, anEarnings()));
    const menu = (await screen.findAllByRole('navigation', { name: 'Profile' }))[0]!;
    expect(within(menu).getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/profile/earnings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeInTheDocument();

    await screen.findByText('Pending', { selector: 'dt' });
    expect(figure('Pending')).toHaveTextContent('₹1,23,456');
    expect(figure('Available')).toHaveTextContent('₹1,323');
    expect(figure('Paid out')).toHaveTextContent('₹500.50');
    expect(figure('Lifetime')).toHaveTextContent('₹1,25,279.50');
  });

  it('is not in the menu of someone who is not a mentor, and their earnings are never asked for', async () => {
    const { calls } = open(() => json(200, anEarnings()), { user: grace as SessionUser });
    const menu = (await screen.findAllByRole('navigation', { name: 'Profile' }))[0]!;
    expect(within(menu).getByRole('link', { name: 'Bookings' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Earnings' })).not.toBeInTheDocument();
    expect(await screen.findByText('Only mentors have earnings.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/earnings')).toBe(false);
  });

  it('lists the sessions newest first with their time in the viewer’s zone and the split of their price', async () => {
    open(() =>
      json(
        200,
        anEarnings({
          sessions: [
            aSession({
              bookingId: 'older',
              startTime: '2026-10-01T04:30:00.000Z',
              mentee: { name: 'Older' },
            }),
            aSession({
              bookingId: 'newer',
              startTime: '2026-12-01T04:30:00.000Z',
              mentee: { name: 'Linus' },
              status: 'confirmed',
            }),
            aSession({ bookingId: 'middle', mentee: { name: 'Middle' }, status: 'cancelled' }),
          ],
        }),
      ),
    );
    await waitFor(() => sessionsTable());
    const headers = within(sessionsTable())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Date and time',
      'Mentee',
      'Price',
      'Platform fee',
      'GST on fee',
      'Net',
      'Status',
    ]);
    const rows = within(sessionsTable()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Linus',
      'Middle',
      'Older',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Tue, Dec 1, 2026, 10:00 AM GMT+5:30',
      'Linus',
      '₹1,500',
      '₹150',
      '₹27',
      '₹1,323',
      'Confirmed',
    ]);
    expect(rows[1]).toHaveTextContent('Cancelled');
  });

  it('gives the chart’s months in a table too, each session’s net in its month in the viewer’s zone', async () => {
    open(() =>
      json(
        200,
        anEarnings({
          sessions: [
            aSession({ bookingId: 'a' }),
            // 1 November in India.
            aSession({ bookingId: 'b', startTime: '2026-10-31T20:00:00.000Z', net: 1_000 }),
          ],
        }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Net earnings, last 12 months' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent('Dec 2025₹0');
    expect(rows[11]).toHaveTextContent('Nov 2026₹1,333');
  });

  it('says when there are no sessions and no payouts yet', async () => {
    open(() => json(200, anEarnings({ pending: 0, available: 0, paidOut: 0, lifetime: 0, sessions: [] })));
    expect(await screen.findByText('No paid sessions yet.')).toBeInTheDocument();
    expect(screen.getByText('No payouts yet.')).toBeInTheDocument();
    expect(figure('Lifetime')).toHaveTextContent('₹0');
    expect(screen.queryByRole('table', { name: 'Sessions' })).not.toBeInTheDocument();
  });

  it('lists the payouts with their status, amount, and when they were requested and paid', async () => {
    open(() =>
      json(
        200,
        anEarnings({
          payouts: [
            {
              id: 'p1',
              amount: 50_050,
              status: 'paid',
              method: { type: 'upi', vpa: 'ra•••@okicici' },
              requestedAt: '2026-11-02T04:30:00.000Z',
              paidAt: '2026-11-03T04:30:00.000Z',
              failureReason: null,
            },
          ],
        }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Paid',
      '₹500.50',
      'Mon, Nov 2, 2026, 10:00 AM GMT+5:30',
      'Tue, Nov 3, 2026, 10:00 AM GMT+5:30',
      'UPI ra•••@okicici',
    ]);
    expect(screen.queryByText('No payouts yet.')).not.toBeInTheDocument();
  });

  it('says when the earnings could not be loaded, and asks again on Try again', async () => {
    let failing = true;
    open(() => (failing ? envelope(500, 'Something went wrong.') : json(200, anEarnings())));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your earnings could not be loaded.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pending', { selector: 'dt' })).toBeInTheDocument();
  });

  it('is one h1 with an h2 per part, and every table header names its scope', async () => {
    open(() => json(200, anEarnings()));
    await waitFor(() => sessionsTable());
    await screen.findByRole('table', { name: 'Net earnings, last 12 months' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Earnings']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Sessions',
      'Statement',
      'Payouts',
    ]);
    for (const header of document.querySelectorAll('main th, section th')) {
      expect(['col', 'row']).toContain(header.getAttribute('scope'));
    }
  });

  it('checks a UPI ID as it is typed, saves it, and shows back only its masked form', async () => {
    let saved: unknown = null;
    const { calls } = open(() => json(200, anEarnings()), {
      extra: {
        'GET /api/earnings/payout-method': () =>
          json(200, { method: saved === null ? null : { type: 'upi', vpa: 'ra•••@okicici' } }),
        'PUT /api/earnings/payout-method': (call) => {
          saved = call.body;
          return json(200, { method: { type: 'upi', vpa: 'ra•••@okicici' } });
        },
      },
    });
    expect(await screen.findByText('No payout method yet')).toBeInTheDocument();
    // Nothing to pay out to yet, so nothing to ask for.
    expect(screen.queryByRole('button', { name: 'Request payout' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add payout method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Where should we pay you?' });
    const vpa = within(dialog).getByLabelText('UPI ID');
    await userEvent.type(vpa, 'ravi@');
    expect(await within(dialog).findByText('Enter a UPI ID like name@bank')).toBeInTheDocument();
    expect(vpa).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(vpa, 'okicici');
    await waitFor(() => expect(within(dialog).queryByText('Enter a UPI ID like name@bank')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ type: 'upi', vpa: 'ravi@okicici' }));
    expect(await screen.findByText('UPI ra•••@okicici')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/earnings/payout-method' && call.method === 'GET').length,
    ).toBeGreaterThan(1);
  });

  it('checks a bank account’s number and IFSC as they are typed, and sends the IFSC in capitals', async () => {
    let saved: unknown = null;
    open(() => json(200, anEarnings()), {
      extra: {
        'PUT /api/earnings/payout-method': (call) => {
          saved = call.body;
          return json(200, {
            method: { type: 'bank', accountName: 'Ada L', accountLast4: '6789', ifsc: 'HDFC0001234' },
          });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add payout method' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Bank account' }));
    await userEvent.type(within(dialog).getByLabelText('Name on the account'), 'Ada L');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '1234');
    expect(await within(dialog).findByText('Enter the account number: 9 to 18 digits')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Account number'), '5 6789');
    await userEvent.type(within(dialog).getByLabelText('IFSC'), 'hdfc1001234');
    expect(await within(dialog).findByText(/Enter an IFSC like HDFC0001234/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('IFSC'));
    await userEvent.type(within(dialog).getByLabelText('IFSC'), 'hdfc0001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual({
        type: 'bank',
        accountName: 'Ada L',
        accountNumber: '123456789',
        ifsc: 'HDFC0001234',
      }),
    );
  });

  it('asks for a payout of the available balance in paise, refusing less than the minimum as it is typed', async () => {
    let earnings = anEarnings({ available: 132_350 });
    const asked: unknown[] = [];
    open(() => json(200, earnings), {
      extra: {
        'GET /api/earnings/payout-method': () => json(200, { method: { type: 'upi', vpa: 'ra•••@okicici' } }),
        'POST /api/earnings/payouts': (call) => {
          asked.push(call.body);
          const payout = {
            id: 'p2',
            amount: 132_350,
            status: 'paid',
            method: { type: 'upi', vpa: 'ra•••@okicici' },
            requestedAt: '2026-11-26T01:00:00.000Z',
            paidAt: '2026-11-26T01:00:00.000Z',
            failureReason: null,
          } as const;
          earnings = anEarnings({ available: 0, paidOut: 182_400, payouts: [payout] });
          return json(201, { payout });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    expect(dialog).toHaveTextContent(
      'To UPI ra•••@okicici. You have ₹1,323.50 available; a payout is at least ₹500.',
    );
    const amount = within(dialog).getByLabelText('Amount (₹)');
    expect(amount).toHaveValue('1323.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '499');
    expect(await within(dialog).findByText('A payout must be at least ₹500.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1400');
    expect(
      await within(dialog).findByText('You can pay out at most your available balance, ₹1,323.50.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(asked).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,323.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    await waitFor(() => expect(asked).toEqual([{ amount: 132_350 }]));
    // The page reads the earnings again: the payout is listed and nothing is left to ask for.
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Paid₹1,323.50');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull());
    expect(figure('Available')).toHaveTextContent('₹0');
  });

  it('says why a payout failed', async () => {
    open(() =>
      json(
        200,
        anEarnings({
          payouts: [
            {
              id: 'p3',
              amount: 60_000,
              status: 'failed',
              method: { type: 'upi', vpa: 'fa•••@okaxis' },
              requestedAt: '2026-11-02T04:30:00.000Z',
              paidAt: null,
              failureReason: 'the bank declined the UPI ID',
            },
          ],
        }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Failedthe bank declined the UPI ID₹600');
  });

  it('offers this financial year’s statement as CSV, and no link for days that cannot be asked for', async () => {
    open(() => json(200, anEarnings()));
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/earnings/statement.csv?from=2026-04-01&to=2026-11-26');
    expect(screen.getByLabelText('From')).toHaveValue('2026-04-01');
    // A "to" before "from": the api's message, and no link.
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-03-01');
    expect(await screen.findByText('"to" must be on or after "from"')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});
