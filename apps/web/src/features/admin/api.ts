import type { AdminAuditListResponse } from '@skillroute/shared/admin-audit';
import type {
  AdminPayoutRetryResponse,
  AdminPayoutsQueryInput,
  AdminPayoutsResponse,
} from '@skillroute/shared/admin-payouts';
import type {
  AdminBookingsQueryInput,
  AdminBookingsResponse,
  AdminRefundBody,
  AdminRefundResponse,
  AdminUserDetailsResponse,
  AdminUserResponse,
  AdminUsersQueryInput,
  AdminUsersResponse,
  DashboardResponse,
} from '@skillroute/shared/admin-console';
import type { AdminResponse, LoginBody, MessageResponse } from '@skillroute/shared/auth';
import type { LedgerCheckResponse } from '@skillroute/shared/earnings';
import type { RestoreListingResponse } from '@skillroute/shared/no-shows';
import { api } from '@/lib/api';
import { adminLogin, adminLogout, selectIsAdmin } from './admin-auth-slice';

/** The admin feature's public face: its endpoints and the admin session flag. */
export { adminLogin, adminLogout, selectIsAdmin };

/** Leaves out what is not set, so the address the api sees carries only real filters. */
function searchOf(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as Array<[string, string | number | undefined]>)
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Admin sign-in and the admin console (DESIGN.md §4 "Admin"): its own cookies and session, apart from the
 * user's. Every console read carries the AdminConsole tag, and a block or a refund makes them all read again
 * (the dashboard's counts, the lists and the audit all change with either).
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminSignIn: build.mutation<AdminResponse, LoginBody>({
      query: (body) => ({ url: '/api/admin/login', method: 'POST', body }),
    }),
    adminSignOut: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/admin/logout', method: 'POST' }),
    }),
    getAdminMe: build.query<AdminResponse, void>({
      query: () => '/api/admin/me',
      keepUnusedDataFor: 0,
    }),
    getAdminDashboard: build.query<DashboardResponse, void>({
      query: () => '/api/admin/dashboard',
      providesTags: ['AdminConsole'],
      keepUnusedDataFor: 0,
    }),
    getAdminUsers: build.query<AdminUsersResponse, AdminUsersQueryInput>({
      query: (query) => `/api/admin/users${searchOf(query)}`,
      providesTags: ['AdminConsole'],
      keepUnusedDataFor: 0,
    }),
    getAdminUser: build.query<AdminUserDetailsResponse, string>({
      query: (id) => `/api/admin/users/${encodeURIComponent(id)}`,
      providesTags: ['AdminConsole'],
      keepUnusedDataFor: 0,
    }),
    setUserBlocked: build.mutation<AdminUserResponse, { id: string; blocked: boolean }>({
      query: ({ id, blocked }) => ({
        url: `/api/admin/users/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { blocked },
      }),
      invalidatesTags: (result) => (result ? ['AdminConsole', 'MentorDetails'] : []),
    }),
    restoreMentorListing: build.mutation<RestoreListingResponse, { id: string }>({
      query: ({ id }) => ({
        url: `/api/admin/mentors/${encodeURIComponent(id)}/restore-listing`,
        method: 'POST',
      }),
      invalidatesTags: (result) => (result ? ['AdminConsole', 'MentorDetails'] : []),
    }),
    getAdminBookings: build.query<AdminBookingsResponse, AdminBookingsQueryInput>({
      query: (query) => `/api/admin/bookings${searchOf(query)}`,
      providesTags: ['AdminConsole'],
      keepUnusedDataFor: 0,
    }),
    refundBooking: build.mutation<AdminRefundResponse, { id: string } & AdminRefundBody>({
      query: ({ id, reason }) => ({
        url: `/api/admin/bookings/${encodeURIComponent(id)}/refund`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (result) => (result ? ['AdminConsole'] : []),
    }),
    retryRefund: build.mutation<AdminRefundResponse, { id: string }>({
      query: ({ id }) => ({
        url: `/api/admin/bookings/${encodeURIComponent(id)}/refund/retry`,
        method: 'POST',
      }),
      invalidatesTags: (result) => (result ? ['AdminConsole'] : []),
    }),
    getAdminPayouts: build.query<AdminPayoutsResponse, AdminPayoutsQueryInput>({
      query: (query) => `/api/admin/payouts${searchOf(query)}`,
      providesTags: ['AdminConsole'],
      keepUnusedDataFor: 0,
    }),
    retryPayout: build.mutation<AdminPayoutRetryResponse, { id: string }>({
      query: ({ id }) => ({ url: `/api/admin/payouts/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['AdminConsole'] : []),
    }),
    /** Asked when the admin asks: it reads the whole ledger. */
    checkLedger: build.query<LedgerCheckResponse, void>({
      query: () => '/api/admin/ledger/check',
      keepUnusedDataFor: 0,
    }),
    getAdminAudit: build.query<AdminAuditListResponse, number>({
      query: (page) => `/api/admin/audit${searchOf({ page })}`,
      providesTags: ['AdminConsole'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useAdminSignInMutation,
  useAdminSignOutMutation,
  useGetAdminMeQuery,
  useGetAdminDashboardQuery,
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useSetUserBlockedMutation,
  useRestoreMentorListingMutation,
  useGetAdminBookingsQuery,
  useRefundBookingMutation,
  useRetryRefundMutation,
  useGetAdminPayoutsQuery,
  useRetryPayoutMutation,
  useLazyCheckLedgerQuery,
  useGetAdminAuditQuery,
} = adminApi;
