import type {
  EarningsResponse,
  PayoutMethodResponse,
  PayoutRequestBody,
  PayoutResponse,
} from '@skillroute/shared/earnings';
import type { PayoutMethodBody } from '@skillroute/shared/payout-methods';
import { api } from '@/lib/api';
import { withIdempotencyKey } from '@/lib/base-query';

/**
 * A mentor's earnings (DESIGN.md §4b "Earnings, payouts, receipts"). Money is never kept once unused, and a
 * booking's change (a payment, a cancellation's refund) changes it too, so it reads again on BookingData; a
 * payout request invalidates Earnings.
 */
export const earningsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEarnings: build.query<EarningsResponse, void>({
      query: () => '/api/earnings',
      keepUnusedDataFor: 0,
      providesTags: ['Earnings', 'BookingData'],
    }),
    getPayoutMethod: build.query<PayoutMethodResponse, void>({
      query: () => '/api/earnings/payout-method',
      keepUnusedDataFor: 0,
      providesTags: ['Earnings'],
    }),
    savePayoutMethod: build.mutation<PayoutMethodResponse, PayoutMethodBody>({
      query: (body) => ({ url: '/api/earnings/payout-method', method: 'PUT', body }),
      invalidatesTags: ['Earnings'],
    }),
    // Money moves: one key per attempt, so a retried request never pays out twice.
    requestPayout: build.mutation<PayoutResponse, PayoutRequestBody>({
      query: (body) => withIdempotencyKey({ url: '/api/earnings/payouts', method: 'POST', body }),
      invalidatesTags: ['Earnings'],
    }),
  }),
});

export const {
  useGetEarningsQuery,
  useGetPayoutMethodQuery,
  useSavePayoutMethodMutation,
  useRequestPayoutMutation,
} = earningsApi;

/** Where the statement of `from`–`to` (YYYY-MM-DD, both included) downloads from. */
export const statementPath = (from: string, to: string): string =>
  `/api/earnings/statement.csv?${new URLSearchParams({ from, to }).toString()}`;
