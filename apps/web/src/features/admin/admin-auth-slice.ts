import type { UnknownAction } from 'redux';
import { createAction } from '@/lib/actions';
import { sessionExpired } from '@/lib/session';

export interface AdminAuthState {
  isAuth: boolean;
}

const initialState: AdminAuthState = { isAuth: false };

export const adminLogin = createAction('adminAuth/adminLogin');
export const adminLogout = createAction('adminAuth/adminLogout');

function reducer(state: AdminAuthState = initialState, action: UnknownAction): AdminAuthState {
  if (adminLogin.match(action)) return { ...state, isAuth: true };
  if (adminLogout.match(action) || sessionExpired.match(action)) return { ...state, isAuth: false };
  return state;
}

export const adminAuthSlice = { reducerPath: 'adminAuth', reducer } as const;

export function selectIsAdmin(state: { adminAuth: AdminAuthState }): boolean {
  return state.adminAuth.isAuth;
}
