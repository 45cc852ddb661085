import { Outlet } from 'react-router-dom';
import { ACCESS, useAuth } from '../components/auth';
import { AppShell, type NavLinkItem } from '../components/layout';
import { RouteRoleGuard } from './auth/require-role';

const CRM_LINKS: readonly NavLinkItem[] = [
  { to: '/crm', label: 'Workspace', end: true },
  { to: '/crm/leads', label: 'Leads' },
];

/** The sales agent's /crm shell: the same navbar with the workspace's links. */
export function CrmLayout() {
  const { hasRole } = useAuth();
  const links = hasRole(...ACCESS.adminArea) ? [...CRM_LINKS, { to: '/admin', label: 'Admin' }] : CRM_LINKS;
  return (
    <AppShell homePath="/crm" area="CRM" links={links}>
      <RouteRoleGuard>
        <Outlet />
      </RouteRoleGuard>
    </AppShell>
  );
}
