// The auth session: tokens (kept by lib/session.ts), isAuthenticated, and the status of login,
// refresh, logout and forgot-password (idle → loading → succeeded | failed) with the last error. A tiny external
// store, so the HTTP client's own refreshes and forced logouts show up here too.
import { useSyncExternalStore } from 'react';
import { refreshAccessToken } from '../../../lib/http';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getUserData,
  onSessionChange,
  saveTokens,
  type UserData,
} from '../../../lib/session';
import { login as loginCall, loginWithCode } from '../api/login';
import type { TwoFactorChallenge } from '@topup/contract/two-factor';
import { logout as logoutCall } from '../api/logout';
import { forgotPassword as forgotCall } from '../api/forgot-password';

export type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

export type SessionState = {
  token: string | null;
  refreshToken: string | null;
  user: UserData | null;
  isAuthenticated: boolean;
  loginStatus: Status;
  refreshStatus: Status;
  logoutStatus: Status;
  forgotStatus: Status;
  error: string | null;
  /** Why the last session ended, so the sign-in page can say so: the admin logged out, or the session expired. */
  endReason: 'logout' | 'expired' | null;
};

const statuses = {
  loginStatus: 'idle',
  refreshStatus: 'idle',
  logoutStatus: 'idle',
  forgotStatus: 'idle',
  error: null,
  endReason: null,
} as Pick<SessionState, 'loginStatus' | 'refreshStatus' | 'logoutStatus' | 'forgotStatus' | 'error' | 'endReason'>;

function read(): SessionState {
  const token = getAccessToken();
  return { token, refreshToken: getRefreshToken(), user: getUserData(), isAuthenticated: token !== null, ...statuses };
}

let state = read();
const listeners = new Set<() => void>();

function emit() {
  state = read();
  for (const l of listeners) l();
}

function set(patch: Partial<typeof statuses>) {
  Object.assign(statuses, patch);
  emit();
}

onSessionChange(emit);
// Another tab signing in or out changes the same storage.
if (typeof window !== 'undefined') window.addEventListener('storage', emit);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Login texts: the server's message, 'Network Error', the thrown message, else the default. */
function messageOf(err: unknown, fallback: string): string {
  return (err instanceof Error && err.message) || fallback;
}

export const sessionActions = {
  /** Signs in, or answers the two-factor challenge to complete with `completeLogin`. */
  async login(email: string, password: string): Promise<TwoFactorChallenge | null> {
    set({ loginStatus: 'loading', logoutStatus: 'idle', endReason: null, error: null });
    try {
      const answer = await loginCall({ email, password });
      if ('twoFactorRequired' in answer) {
        set({ loginStatus: 'idle' });
        return answer;
      }
      saveTokens(answer.accessToken, answer.refreshToken);
      set({ loginStatus: 'succeeded' });
      return null;
    } catch (err) {
      set({ loginStatus: 'failed', error: messageOf(err, 'Login failed') });
      throw err;
    }
  },

  /** The second step of a two-factor sign-in: an authenticator or recovery code. */
  async completeLogin(challengeToken: string, code: string): Promise<void> {
    set({ loginStatus: 'loading', error: null });
    try {
      const pair = await loginWithCode({ challengeToken, code });
      saveTokens(pair.accessToken, pair.refreshToken);
      set({ loginStatus: 'succeeded' });
    } catch (err) {
      set({ loginStatus: 'failed', error: messageOf(err, 'Login failed') });
      throw err;
    }
  },

  async refresh(): Promise<void> {
    set({ refreshStatus: 'loading', error: null });
    try {
      await refreshAccessToken();
      set({ refreshStatus: 'succeeded' });
    } catch (err) {
      set({ refreshStatus: 'failed', error: messageOf(err, 'An unknown error occurred') });
      throw err;
    }
  },

  /**
   * Signs out: the server call leaves with the current token, and the tokens are forgotten at once, so the page can
   * move on without waiting — also when the server can't be reached (then 'Logout failed' is reported).
   */
  async logout(): Promise<void> {
    set({ logoutStatus: 'loading', endReason: 'logout', error: null });
    const call = logoutCall();
    clearSession();
    try {
      await call;
      set({ logoutStatus: 'succeeded' });
    } catch (err) {
      set({ logoutStatus: 'failed', error: 'Logout failed' });
      throw err;
    }
  },

  /** The HTTP client gave up refreshing: the session is over. */
  expired(): void {
    set({ endReason: 'expired', error: 'Session expired' });
  },

  async forgotPassword(email: string): Promise<string> {
    set({ forgotStatus: 'loading', error: null });
    try {
      const message = await forgotCall({ email });
      set({ forgotStatus: 'succeeded' });
      return message;
    } catch (err) {
      set({ forgotStatus: 'failed', error: messageOf(err, 'Forgot Password failed') });
      throw err;
    }
  },

  /** Back to idle with no error. */
  reset(): void {
    set({ loginStatus: 'idle', refreshStatus: 'idle', logoutStatus: 'idle', forgotStatus: 'idle', error: null, endReason: null });
  },
};
