import { AUTH_PATHS } from '@backoffice/contracts';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthUser, LoginResponse, Role } from '@backoffice/contracts';
import { apiFetch, refreshSession } from '../../components/api/api-fetch';
import { sessionStore } from '../../components/api/session-store';
import { AuthContext, hasAnyRole, type AuthContextValue } from '../../components/auth';

/**
 * Restores the session from the refresh cookie. main.tsx starts it before React first renders, so the
 * refresh overlaps the render; the provider's call then joins the request in flight.
 */
export function restoreSession(): void {
  if (sessionStore.getSnapshot().status !== 'restoring') return;
  void refreshSession().then((outcome) => {
    if (outcome !== 'refreshed' && sessionStore.getSnapshot().status === 'restoring') sessionStore.end(null);
  });
}

/**
 * Owns the session: restores it silently from the refresh cookie when the app starts, signs in and out. (The
 * data cache, which forgets every answer when a session ends, is app/console-providers.tsx's.)
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);

  useEffect(restoreSession, []);

  const login = useCallback(async (username: string, password: string): Promise<AuthUser> => {
    const response = await apiFetch<LoginResponse>(AUTH_PATHS.login, { method: 'POST', json: { username, password } });
    sessionStore.start(response);
    return response.user;
  }, []);

  const logout = useCallback(async (): Promise<void> => {
    try {
      await apiFetch<void>(AUTH_PATHS.logout, { method: 'POST' });
    } catch {
      // The session ends here whatever the server answered; its refresh cookie expires on its own.
    }
    sessionStore.end('logout');
  }, []);

  const { status, user, endReason } = session;
  const value = useMemo<AuthContextValue>(
    () => ({ status, user, endReason, login, logout, hasRole: (...roles: Role[]) => hasAnyRole(user, roles) }),
    [status, user, endReason, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
