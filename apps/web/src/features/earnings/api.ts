import type { EarningsResponse } from '@skillroute/shared/earnings';
import { api } from '@/lib/api';

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
  }),
});

export const { useGetEarningsQuery } = earningsApi;
