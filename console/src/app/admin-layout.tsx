import { Outlet } from 'react-router-dom';
import { ACCESS, useAuth } from '../components/auth';
import { AppShell, type NavLinkItem } from '../components/layout';
import { RouteRoleGuard } from './auth/require-role';

const ADMIN_LINKS: readonly NavLinkItem[] = [
  { to: '/admin/web', label: 'Web' },
  { to: '/admin/reports', label: 'Reports' },
];

/** The /admin shell: navbar with Web and Reports, and the role rules of the routed screen. */
export function AdminLayout() {
  const { hasRole } = useAuth();
  return (
    <AppShell homePath="/admin" links={hasRole(...ACCESS.backOffice) ? ADMIN_LINKS : []}>
      <RouteRoleGuard>
        <Outlet />
      </RouteRoleGuard>
    </AppShell>
  );
}
