import type { AuthUser, LoginResponse } from '@backoffice/contracts';

/**
 * The signed-in session, held in memory only (never localStorage): the access token and its user.
 * The refresh token is an httpOnly cookie the browser keeps; a page load restores the session from it.
 */
export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';

/** Why a session ended: the user signed out, or the server stopped accepting it. */
export type SessionEndReason = 'logout' | 'expired';

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: AuthUser | null;
  readonly accessToken: string | null;
  readonly endReason: SessionEndReason | null;
}

type Listener = () => void;

let state: SessionState = { status: 'restoring', user: null, accessToken: null, endReason: null };
const listeners = new Set<Listener>();

function update(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  getSnapshot: (): SessionState => state,

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  getAccessToken: (): string | null => state.accessToken,

  /** Stores the result of a login or a refresh. */
  start(response: LoginResponse): void {
    update({ status: 'authenticated', user: response.user, accessToken: response.accessToken, endReason: null });
  },

  /** Ends the session; `reason` decides whether the login screen offers to come back (expired) or not (logout). */
  end(reason: SessionEndReason | null): void {
    if (state.status === 'anonymous' && state.endReason === reason) return;
    update({ status: 'anonymous', user: null, accessToken: null, endReason: reason });
  },
};
