import type { SessionUser } from '@skillroute/shared/auth';
import type { UnknownAction } from 'redux';
import { createAction } from '@/lib/actions';
import { sessionExpired } from '@/lib/session';

export type { SessionUser };

export interface AuthState {
  /** null when signed out (spec §3). */
  user: SessionUser | null;
  /**
   * True from the moment the server has ended the session at the person's request until home is on
   * screen. A signed-in-only page that loses its user meanwhile (the socket hears the session end and
   * checks it) sends them home, as they asked, not to /login.
   */
  leaving?: boolean;
}

const initialState: AuthState = { user: null };

export const login = createAction<SessionUser>('auth/login');
export const leavingStarted = createAction('auth/leavingStarted');
export const logout = createAction('auth/logout');
/**
 * The server's latest copy of the signed-in user (session check, profile load, profile update), so the
 * persisted user never drifts from it. A copy of someone else is ignored.
 */
export const userRefreshed = createAction<SessionUser>('auth/userRefreshed');

function reducer(state: AuthState = initialState, action: UnknownAction): AuthState {
  if (login.match(action)) return { user: action.payload };
  if (leavingStarted.match(action)) return { ...state, leaving: true };
  if (logout.match(action)) return { user: null };
  if (userRefreshed.match(action))
    return state.user && state.user.id === action.payload.id ? { ...state, user: action.payload } : state;
  if (sessionExpired.match(action)) return { ...state, user: null };
  return state;
}

export const authSlice = { reducerPath: 'auth', reducer } as const;

/** Takes the narrowest state it needs, so features need not know the app's root state. */
export function selectCurrentUser(state: { auth: AuthState }): SessionUser | null {
  return state.auth.user;
}

export function selectIsLeaving(state: { auth: AuthState }): boolean {
  return state.auth.leaving === true;
}
