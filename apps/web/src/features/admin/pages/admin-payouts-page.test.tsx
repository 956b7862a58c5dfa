import type { AdminPayout } from '@skillroute/shared/admin-payouts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AdminPayoutsPage } from './admin-payouts-page';

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function open(at: string, routes: Routes) {
  const server = serve(routes);
  const view = renderRoutes(
    [
      {
        path: '/admin/payouts',
        element: (
          <>
            <AdminPayoutsPage />
            <Toaster />
          </>
        ),
      },
    ],
    at,
  );
  return { ...server, ...view };
}

const payout = (overrides: Partial<AdminPayout>): AdminPayout => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  mentor: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ravi Kumar', email: 'ravi@example.org' },
  amount: 9_702_000,
  status: 'paid',
  method: { type: 'upi', vpa: 'ra•••@okhdfc' },
  requestedAt: '2026-11-23T04:30:00.000Z',
  paidAt: '2026-11-23T04:30:02.000Z',
  failureReason: null,
  retryOf: null,
  retriedBy: null,
  ...overrides,
});

const failed = payout({
  id: '00000000-0000-4000-8000-0000000000f2',
  mentor: { id: '00000000-0000-4000-8000-0000000000a2', name: 'Asha Rao', email: 'asha@example.org' },
  amount: 50_050,
  status: 'failed',
  method: { type: 'bank', accountName: 'Asha Rao', accountLast4: '0123', ifsc: 'HDFC0001234' },
  paidAt: null,
  failureReason: 'the bank declined the UPI ID',
});

describe('/admin/payouts', () => {
  it('lists payouts with the mentor, the amount in rupees, the method as shown and the times; the filter is in the address', async () => {
    const { callsTo } = open('/admin/payouts?status=paid&page=2', {
      'GET /api/admin/payouts': () => json(200, { payouts: [payout({})], total: 21, page: 2, limit: 20 }),
    });
    const row = (await screen.findByRole('heading', { name: 'Ravi Kumar' })).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('ravi@example.org');
    expect(row).toHaveTextContent('₹97,020 · UPI ra•••@okhdfc');
    expect(row).toHaveTextContent('Requested 23 Nov 2026, 04:30 UTC · paid 23 Nov 2026, 04:30 UTC');
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByText('21 payouts')).toBeInTheDocument();
    const call = callsTo('GET', '/api/admin/payouts')[0]!;
    expect(call.query.get('status')).toBe('paid');
    expect(call.query.get('page')).toBe('2');
    expect(screen.getByRole('navigation', { name: 'Pages of payouts' })).toBeInTheDocument();
  });

  it('retries a failed payout after a confirmation, shows a refusal, and offers no retry once retried', async () => {
    const user = userEvent.setup();
    let refused = true;
    let retried = false;
    const retry = payout({
      id: '00000000-0000-4000-8000-0000000000f3',
      mentor: failed.mentor,
      amount: 50_050,
      retryOf: failed.id,
    });
    const { callsTo } = open('/admin/payouts', {
      'GET /api/admin/payouts': () =>
        json(200, {
          payouts: retried ? [retry, { ...failed, retriedBy: retry.id }] : [failed],
          total: retried ? 2 : 1,
          page: 1,
          limit: 20,
        }),
      [`POST /api/admin/payouts/${failed.id}/retry`]: () => {
        if (refused)
          return envelope(
            409,
            "The mentor's available balance is ₹0 now, less than this payout of ₹500.50 (it may have been paid out since). Nothing was retried.",
          );
        retried = true;
        return json(200, { payout: retry });
      },
    });
    const row = (await screen.findByRole('heading', { name: 'Asha Rao' })).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('₹500.50 · Bank account ••••0123, HDFC0001234 (Asha Rao)');
    expect(row).toHaveTextContent('Failed: the bank declined the UPI ID');

    const button = within(row).getByRole('button', {
      name: 'Retry the failed payout of ₹500.50 to Asha Rao',
    });
    // A confirmation first: cancelling sends nothing.
    await user.click(button);
    let dialog = await screen.findByRole('alertdialog', { name: 'Pay ₹500.50 to Asha Rao again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST', `/api/admin/payouts/${failed.id}/retry`)).toEqual([]);

    await user.click(button);
    dialog = await screen.findByRole('alertdialog', { name: 'Pay ₹500.50 to Asha Rao again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry payout' }));
    expect(await screen.findByText(/less than this payout of ₹500.50/)).toBeInTheDocument();

    refused = false;
    await user.click(button);
    dialog = await screen.findByRole('alertdialog', { name: 'Pay ₹500.50 to Asha Rao again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry payout' }));
    expect(await screen.findByText('₹500.50 to Asha Rao: paid.')).toBeInTheDocument();
    // The payouts' own list: the toasts are list items too.
    const rows = () => within(screen.getByRole('list', { name: 'Payouts' })).getAllByRole('listitem');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [retryRow, failedRow] = rows();
    expect(retryRow).toHaveTextContent('Paid');
    expect(retryRow).toHaveTextContent('Retry');
    expect(failedRow).toHaveTextContent('Failed: the bank declined the UPI ID · retried');
    expect(within(failedRow!).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(callsTo('POST', `/api/admin/payouts/${failed.id}/retry`)).toHaveLength(2);
  });

  it('says when there is no payout of that status', async () => {
    open('/admin/payouts?status=failed', {
      'GET /api/admin/payouts': () => json(200, { payouts: [], total: 0, page: 1, limit: 20 }),
    });
    expect(await screen.findByText('No payouts with the status failed.')).toBeInTheDocument();
  });

  it('checks the ledger when asked, and says whether every transaction balances', async () => {
    let balanced = true;
    const { calls } = open('/admin/payouts', {
      'GET /api/admin/payouts': () => json(200, { payouts: [], total: 0, page: 1, limit: 20 }),
      'GET /api/admin/ledger/check': () =>
        json(200, { balanced, transactions: 12_345, entries: balanced ? 49_380 : 49_381 }),
    });
    await screen.findByText(/No payouts/);
    expect(calls.some((call) => call.path === '/api/admin/ledger/check')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Check the ledger' }));
    expect(
      await screen.findByText('Balanced: all 12,345 transactions (49,380 entries) sum to zero.'),
    ).toBeInTheDocument();
    balanced = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('Not balanced: some of the 12,345 transactions do not sum to zero.'),
    ).toBeInTheDocument();
  });
});
