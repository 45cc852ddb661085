import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../components/auth';
import { PageSpinner } from '../../components/feedback/page-spinner';

/**
 * Renders its content only for a signed-in user. While the session is being restored it shows a
 * spinner; without a session it sends the user to the login screen, which brings them back here.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status, endReason } = useAuth();
  const location = useLocation();

  if (status === 'restoring') return <PageSpinner label="Loading your session…" fullScreen />;
  if (status === 'anonymous') {
    // After a deliberate logout the next user starts from the home page, not from here.
    const next = endReason === 'logout' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/auth/login${next}`} replace />;
  }
  return children ?? <Outlet />;
}
