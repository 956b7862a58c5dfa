import type {
  LoginBody,
  MessageResponse,
  PublicConfig,
  SignupBody,
  SignupResponse,
  UserResponse,
} from '@skillroute/shared/auth';
import { api } from '@/lib/api';
import { chosenLanguageForAccount } from '@/lib/language-preference';
import { browserZoneForAccount, viewerZone } from '@/lib/session-time';
import { useAppSelector } from '@/lib/store-hooks';
import { login, logout, selectCurrentUser, userRefreshed, type SessionUser } from './auth-slice';

/** The auth feature's public face: its endpoints and what other features may use of the session. */
export { login, logout, selectCurrentUser, userRefreshed, type SessionUser };

/**
 * The zone the viewer reads times in (DESIGN.md §4b): the one their account keeps (their choice, else the
 * browser's at sign-in), else this browser's.
 */
export function useViewerZone(): string {
  return useAppSelector(selectCurrentUser)?.timezone ?? viewerZone();
}

/** What sign-up and sign-in carry from this browser: its zone, and the language chosen here if any. */
const fromThisBrowser = () => ({ ...browserZoneForAccount(), ...chosenLanguageForAccount() });

/** Endpoints of DESIGN.md §4 "Users and sessions" (paths as spec §7 spells them: resent-otp). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signup: build.mutation<SignupResponse, SignupBody>({
      query: (body) => ({ url: '/api/auth/', method: 'POST', body: { ...body, ...fromThisBrowser() } }),
    }),
    verifyOtp: build.mutation<UserResponse, { email: string; otp: string }>({
      query: (body) => ({
        url: '/api/auth/verify-otp',
        method: 'POST',
        body: { ...body, ...fromThisBrowser() },
      }),
    }),
    resendOtp: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/resent-otp', method: 'POST', body }),
    }),
    login: build.mutation<UserResponse, LoginBody>({
      query: (body) => ({
        url: '/api/auth/login',
        method: 'POST',
        body: { ...body, ...fromThisBrowser() },
      }),
    }),
    googleLogin: build.mutation<UserResponse, { credential: string }>({
      query: (body) => ({
        url: '/api/auth/google-login',
        method: 'POST',
        body: { ...body, ...fromThisBrowser() },
      }),
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; password: string }>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    /** Confirms a restored session; never served from the cache. */
    getSession: build.query<UserResponse, void>({
      query: () => '/api/auth/session',
      keepUnusedDataFor: 0,
    }),
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => '/api/config',
    }),
  }),
});

export const {
  useSignupMutation,
  useVerifyOtpMutation,
  useResendOtpMutation,
  useLoginMutation,
  useGoogleLoginMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useGetSessionQuery,
  useGetPublicConfigQuery,
} = authApi;
