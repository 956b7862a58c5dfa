import type { AdminResponse, LoginBody, MessageResponse } from '@skillroute/shared/auth';
import { api } from '@/lib/api';
import { adminLogin, adminLogout, selectIsAdmin } from './admin-auth-slice';

/** The admin feature's public face: its endpoints and the admin session flag. */
export { adminLogin, adminLogout, selectIsAdmin };

/** Admin sign-in (DESIGN.md §4 "Admin"): its own cookies and session, apart from the user's. */
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
  }),
});

export const { useAdminSignInMutation, useAdminSignOutMutation, useGetAdminMeQuery } = adminApi;
