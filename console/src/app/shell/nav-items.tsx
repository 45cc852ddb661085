import type { ReactElement } from 'react';
import type { AuthUser, Role } from '@backoffice/contracts';
import {
  BoxMultipleRegular,
  BuildingMultipleRegular,
  ClipboardTaskListLtrRegular,
  DataBarVerticalRegular,
  DocumentCheckmarkRegular,
  GlobeLocationRegular,
  HomeRegular,
  PaymentRegular,
  PeopleRegular,
  PeopleTeamRegular,
  PersonKeyRegular,
  PersonLightningRegular,
  HistoryRegular,
  PlugConnectedRegular,
  ReceiptRegular,
  StarRegular,
  TableArrowUpRegular,
  TargetArrowRegular,
  WebAssetRegular,
} from '@fluentui/react-icons';
import { ACCESS, hasAnyRole } from '../../components/auth';

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
      { to: '/admin', label: 'Dashboard', icon: <HomeRegular />, roles: ACCESS.adminArea, end: true },
      { to: '/crm', label: 'CRM workspace', icon: <TargetArrowRegular />, roles: ACCESS.crm, end: true },
    ],
  },
  {
    title: 'Sales',
    entries: [
      { to: '/crm/leads', label: 'Team leads', icon: <PersonLightningRegular />, roles: ACCESS.backOffice },
      { to: '/crm/leads', label: 'My leads', icon: <PersonLightningRegular />, roles: ['Salesagent'] },
      { to: '/admin/leads', label: 'Lead imports', icon: <TableArrowUpRegular />, roles: ACCESS.backOffice },
      { to: '/admin/user-leads', label: 'Lead assignment', icon: <PeopleTeamRegular />, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Orders & services',
    entries: [
      { to: '/admin/clients-orders', label: 'Client orders', icon: <ReceiptRegular />, roles: ACCESS.backOffice },
      { to: '/admin/clients-services', label: 'Client services', icon: <ClipboardTaskListLtrRegular />, roles: ACCESS.clientServices },
      { to: '/admin/payments', label: 'Payments', icon: <PaymentRegular />, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Catalogue & content',
    entries: [
      { to: '/admin/services', label: 'Services', icon: <BoxMultipleRegular />, roles: ACCESS.backOffice },
      { to: '/admin/services-files', label: 'Service files', icon: <DocumentCheckmarkRegular />, roles: ACCESS.backOffice },
      { to: '/admin/web', label: 'Web pages', icon: <WebAssetRegular />, roles: ACCESS.backOffice },
      { to: '/admin/site-reviews', label: 'Site reviews', icon: <StarRegular />, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Places',
    entries: [
      { to: '/admin/countries', label: 'Geography', icon: <GlobeLocationRegular />, roles: ACCESS.backOffice },
      { to: '/admin/branches', label: 'Branches', icon: <BuildingMultipleRegular />, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Reports',
    entries: [
      { to: '/admin/reports', label: 'Reports', icon: <DataBarVerticalRegular />, roles: ACCESS.backOffice, end: true },
      { to: '/admin/salesagent-report', label: 'Sales agent report', icon: <PeopleRegular />, roles: ACCESS.backOffice },
    ],
  },
  {
    title: 'Administration',
    entries: [
      { to: '/admin/users', label: 'Users', icon: <PersonKeyRegular />, roles: ACCESS.userAdministration },
      { to: '/admin/clients', label: 'Clients', icon: <PeopleRegular />, roles: ACCESS.backOffice },
      { to: '/admin/webhooks', label: 'Webhooks', icon: <PlugConnectedRegular />, roles: ACCESS.userAdministration },
      { to: '/admin/activity', label: 'Activity', icon: <HistoryRegular />, roles: ACCESS.userAdministration },
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
