import { createSlice } from '@reduxjs/toolkit';
import { sessionExpired } from '@/lib/session';

export interface AdminAuthState {
  isAuth: boolean;
}

const initialState: AdminAuthState = { isAuth: false };

export const adminAuthSlice = createSlice({
  name: 'adminAuth',
  initialState,
  reducers: {
    adminLogin(state) {
      state.isAuth = true;
    },
    adminLogout(state) {
      state.isAuth = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.isAuth = false;
    });
  },
});

export const { adminLogin, adminLogout } = adminAuthSlice.actions;

export function selectIsAdmin(state: { adminAuth: AdminAuthState }): boolean {
  return state.adminAuth.isAuth;
}
