import type { ReactElement } from 'react';
import type { Role } from '@backoffice/contracts';
import { ACCESS } from '../../components/auth';
import { AREA_ICONS } from '../../components/navigation';

export interface DashboardTile {
  /** Relative to /admin, or absolute for the /crm workspace. */
  to: string;
  /** Stable id for tests: data-testid="tile-<testId>". */
  testId: string;
  title: string;
  description: string;
  icon: ReactElement;
  /** Who sees the tile: the roles of the screen it opens. */
  roles: readonly Role[];
}

/** The dashboard's tiles, in the product's order. Every one opens a route of the console. */
export const DASHBOARD_TILES: readonly DashboardTile[] = [
  {
    to: 'services',
    testId: 'services',
    title: 'Services',
    description: 'Catalogue of services in nested categories.',
    icon: AREA_ICONS.services,
    roles: ACCESS.backOffice,
  },
  {
    to: 'services-files',
    testId: 'services-files',
    title: 'Service files',
    description: 'Documents a client must provide for a service.',
    icon: AREA_ICONS.serviceFiles,
    roles: ACCESS.backOffice,
  },
  {
    to: 'leads',
    testId: 'leads',
    title: 'Leads',
    description: 'Import lead spreadsheets and browse lead groups.',
    icon: AREA_ICONS.leadImports,
    roles: ACCESS.backOffice,
  },
  {
    to: '/crm/leads',
    testId: 'crm-leads',
    title: 'CRM leads',
    description: 'Leads assigned to sales agents, in the CRM.',
    icon: AREA_ICONS.crmLeads,
    roles: ACCESS.crmLeads,
  },
  {
    to: '/crm',
    testId: 'crm',
    title: 'CRM',
    description: 'The sales agents’ workspace.',
    icon: AREA_ICONS.crm,
    roles: ACCESS.crm,
  },
  {
    to: 'clients-services',
    testId: 'clients-services',
    title: 'Client services',
    description: 'Submitted services: assign, track and update.',
    icon: AREA_ICONS.clientServices,
    roles: ACCESS.clientServices,
  },
  {
    to: 'clients-orders',
    testId: 'clients-orders',
    title: 'Client orders',
    description: 'Orders and their receipts.',
    icon: AREA_ICONS.clientOrders,
    roles: ACCESS.backOffice,
  },
  {
    to: 'site-reviews',
    testId: 'site-reviews',
    title: 'Site reviews',
    description: 'Client reviews shown on the website.',
    icon: AREA_ICONS.siteReviews,
    roles: ACCESS.backOffice,
  },
  {
    to: 'clients',
    testId: 'clients',
    title: 'Clients',
    description: 'Customer accounts.',
    icon: AREA_ICONS.clients,
    roles: ACCESS.backOffice,
  },
  {
    to: 'branches',
    testId: 'branches',
    title: 'Branches',
    description: 'Offices and their appointment settings.',
    icon: AREA_ICONS.branches,
    roles: ACCESS.backOffice,
  },
  {
    to: 'countries',
    testId: 'countries',
    title: 'Countries',
    description: 'Geography with tax rates and shipping fees.',
    icon: AREA_ICONS.geography,
    roles: ACCESS.backOffice,
  },
  {
    to: 'reports',
    testId: 'reports',
    title: 'Reports',
    description: 'Payments, orders and sales agent reports.',
    icon: AREA_ICONS.reports,
    roles: ACCESS.backOffice,
  },
  {
    to: 'web',
    testId: 'web',
    title: 'Web',
    description: 'Website pages: About, Team, Terms and more.',
    icon: AREA_ICONS.web,
    roles: ACCESS.backOffice,
  },
  {
    to: 'users',
    testId: 'users',
    title: 'Users',
    description: 'Staff users and their roles.',
    icon: AREA_ICONS.users,
    roles: ACCESS.userAdministration,
  },
];
