import { createContext, useContext } from 'react';
import type { AuthUser, Role } from '@backoffice/contracts';
import type { SessionEndReason, SessionStatus } from '../api';

/** What every screen may know and do about the signed-in user. Provided by the app's AuthProvider. */
export interface AuthContextValue {
  status: SessionStatus;
  user: AuthUser | null;
  /** Why the last session ended (null while none has ended). */
  endReason: SessionEndReason | null;
  /** Signs in; resolves with the user, rejects with the server's ApiError. */
  login(username: string, password: string): Promise<AuthUser>;
  /** Signs out on the server (best effort) and forgets the session and every cached answer. */
  logout(): Promise<void>;
  /** True when the user has at least one of `roles`. */
  hasRole(...roles: Role[]): boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider>.');
  return value;
}

/** The signed-in user; only for screens behind RequireAuth, where there always is one. */
export function useCurrentUser(): AuthUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser() must be used behind <RequireAuth>.');
  return user;
}
