import type { SessionUser } from '@skillroute/shared/auth';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    login(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      delete state.leaving;
    },
    leavingStarted(state) {
      state.leaving = true;
    },
    logout(state) {
      state.user = null;
      delete state.leaving;
    },
    /**
     * The server's latest copy of the signed-in user (session check, profile load, profile update), so the
     * persisted user never drifts from it. A copy of someone else is ignored.
     */
    userRefreshed(state, action: PayloadAction<SessionUser>) {
      if (state.user && state.user.id === action.payload.id) state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.user = null;
    });
  },
});

export const { login, leavingStarted, logout, userRefreshed } = authSlice.actions;

/** Takes the narrowest state it needs, so features need not know the app's root state. */
export function selectCurrentUser(state: { auth: AuthState }): SessionUser | null {
  return state.auth.user;
}

export function selectIsLeaving(state: { auth: AuthState }): boolean {
  return state.auth.leaving === true;
}
