import type { PayoutAccounts } from '../src/adapters/payments/payment-provider';

/** The ledger's memory of opened provider accounts, in memory: the first remembered wins, as in payout_accounts. */
export function accountsInMemory(): PayoutAccounts & { remembered: string[] } {
  const remembered: string[] = [];
  return {
    remembered,
    find: () => Promise.resolve(remembered[0]),
    remember: (id) => {
      if (remembered.length === 0) remembered.push(id);
      return Promise.resolve(remembered[0]!);
    },
  };
}
