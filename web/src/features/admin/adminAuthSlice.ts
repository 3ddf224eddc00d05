import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The admin's session in the browser. The access token lives here, in memory only: never in
 * localStorage, where any script could read it. The refresh token is an httpOnly cookie the
 * page never sees; a reload restores the session through it (POST /api/auth/refresh).
 *
 * status: unknown (nothing checked yet), checking, signedIn, signedOut (no session or it was
 * lost: the dashboard goes to the sign-in page), ended (the admin signed out: the dashboard
 * goes home instead).
 */
export type AdminAuthStatus = 'unknown' | 'checking' | 'signedIn' | 'signedOut' | 'ended';

export interface AdminAuthState {
  status: AdminAuthStatus;
  accessToken?: string;
  /** ISO time the access token expires. */
  expiresAt?: string;
  email?: string;
}

export interface AuthSession {
  accessToken: string;
  expiresAt: string;
  user: { email: string };
}

const initialState: AdminAuthState = { status: 'unknown' };

export const adminAuthSlice = createSlice({
  name: 'adminAuth',
  initialState,
  reducers: {
    checking: (state) => {
      state.status = 'checking';
    },
    signedIn: (_state, action: PayloadAction<AuthSession>): AdminAuthState => ({
      status: 'signedIn',
      accessToken: action.payload.accessToken,
      expiresAt: action.payload.expiresAt,
      email: action.payload.user.email,
    }),
    /** No session, or it was lost (refresh refused, a 401): back to sign-in. */
    sessionLost: (): AdminAuthState => ({ status: 'signedOut' }),
    /** The admin signed out on purpose. */
    ended: (): AdminAuthState => ({ status: 'ended' }),
  },
  selectors: {
    selectAdminAuth: (state: AdminAuthState) => state,
  },
});

export const { checking, signedIn, sessionLost, ended } = adminAuthSlice.actions;
