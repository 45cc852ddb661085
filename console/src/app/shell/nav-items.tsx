import type { ReactElement } from 'react';
import type { AuthUser, Role } from '@backoffice/contracts';
import { ACCESS, hasAnyRole } from '../../components/auth';
import { AREA_ICONS } from '../../components/navigation';

export interface NavEntry {
  /** Absolute console path; also the NavItem's value. */
  to: string;
  label: string;
  icon: ReactElement;
  roles: readonly Role[];
  /** Highlighted on exactly this path only (an area's home). */
  end?: boolean;
}

export interface NavGroup {
  /** Null for the ungrouped home entries at the top. */
  title: string | null;
  entries: readonly NavEntry[];
}

/** Every area of the console, grouped the way staff think of their work. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    title: null,
    entries: [
      { to: '/admin', label: 'Dashboard', icon: AREA_ICONS.dashboard, roles: ACCESS.adminArea, end: true },
      { to: '/crm', label: 'CRM workspace', icon: AREA_ICONS.crm, roles: ACCESS.crm, end: true },
    ],
  },
  {
    title: 'Sales',
    entries: [
      { to: '/crm/leads', label: 'Team leads', icon: AREA_ICONS.crmLeads, roles: ACCESS.backOffice },
      { to: '/crm/leads', label: 'My leads', icon: AREA_ICONS.crmLeads, roles: ['Salesagent'] },
      { to: '/admin/leads', label: 'Lead imports', icon: AREA_ICONS.leadImports, roles: ACCESS.backOffice },
      { to: '/admin/user-leads', label: 'Lead assignment', icon: AREA_ICONS.leadAssignment, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Orders & services',
    entries: [
      { to: '/admin/clients-orders', label: 'Client orders', icon: AREA_ICONS.clientOrders, roles: ACCESS.backOffice },
      { to: '/admin/clients-services', label: 'Client services', icon: AREA_ICONS.clientServices, roles: ACCESS.clientServices },
      { to: '/admin/payments', label: 'Payments', icon: AREA_ICONS.payments, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Catalogue & content',
    entries: [
      { to: '/admin/services', label: 'Services', icon: AREA_ICONS.services, roles: ACCESS.backOffice },
      { to: '/admin/services-files', label: 'Service files', icon: AREA_ICONS.serviceFiles, roles: ACCESS.backOffice },
      { to: '/admin/web', label: 'Web pages', icon: AREA_ICONS.web, roles: ACCESS.backOffice },
      { to: '/admin/site-reviews', label: 'Site reviews', icon: AREA_ICONS.siteReviews, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Places',
    entries: [
      { to: '/admin/countries', label: 'Geography', icon: AREA_ICONS.geography, roles: ACCESS.backOffice },
      { to: '/admin/branches', label: 'Branches', icon: AREA_ICONS.branches, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Reports',
    entries: [
      { to: '/admin/reports', label: 'Reports', icon: AREA_ICONS.reports, roles: ACCESS.backOffice, end: true },
      { to: '/admin/salesagent-report', label: 'Sales agent report', icon: AREA_ICONS.salesAgentReport, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Administration',
    entries: [
      { to: '/admin/users', label: 'Users', icon: AREA_ICONS.users, roles: ACCESS.userAdministration },
      { to: '/admin/clients', label: 'Clients', icon: AREA_ICONS.clients, roles: ACCESS.backOffice },
      { to: '/admin/webhooks', label: 'Webhooks', icon: AREA_ICONS.webhooks, roles: ACCESS.userAdministration },
      { to: '/admin/api-clients', label: 'API clients', icon: AREA_ICONS.apiClients, roles: ACCESS.userAdministration },
      { to: '/admin/activity', label: 'Activity', icon: AREA_ICONS.activity, roles: ACCESS.userAdministration },
    ],
  },
];

/** The groups and entries this user may open (one entry per path: the first); empty groups are left out. */
export function navFor(user: AuthUser | null): NavGroup[] {
  const seen = new Set<string>();
  const visible = (entry: NavEntry) => hasAnyRole(user, entry.roles) && !seen.has(entry.to) && !!seen.add(entry.to);
  return NAV_GROUPS.map((group) => ({ ...group, entries: group.entries.filter(visible) })).filter((group) => group.entries.length > 0);
}

/** The entry to highlight: the longest path that is the current one or (unless `end`) above it. */
export function currentEntry(groups: readonly NavGroup[], pathname: string): NavEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: NavEntry | undefined;
  for (const entry of groups.flatMap((group) => group.entries)) {
    const hit = entry.end ? path === entry.to : path === entry.to || path.startsWith(`${entry.to}/`);
    if (hit && (!best || entry.to.length > best.to.length)) best = entry;
  }
  return best;
}
