import type { ReactElement } from 'react';
import type { Role } from '@backoffice/contracts';
import {
  BoxMultipleRegular,
  BuildingMultipleRegular,
  ClipboardTaskListLtrRegular,
  DataBarVerticalRegular,
  DocumentCheckmarkRegular,
  GlobeLocationRegular,
  PeopleRegular,
  PersonKeyRegular,
  PersonLightningRegular,
  ReceiptRegular,
  StarRegular,
  TableArrowUpRegular,
  TargetArrowRegular,
  WebAssetRegular,
} from '@fluentui/react-icons';
import { ACCESS } from '../../components/auth';

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
    icon: <BoxMultipleRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'services-files',
    testId: 'services-files',
    title: 'Service files',
    description: 'Documents a client must provide for a service.',
    icon: <DocumentCheckmarkRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'leads',
    testId: 'leads',
    title: 'Leads',
    description: 'Import lead spreadsheets and browse lead groups.',
    icon: <TableArrowUpRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: '/crm/leads',
    testId: 'crm-leads',
    title: 'CRM leads',
    description: 'Leads assigned to sales agents, in the CRM.',
    icon: <PersonLightningRegular />,
    roles: ACCESS.crmLeads,
  },
  {
    to: '/crm',
    testId: 'crm',
    title: 'CRM',
    description: 'The sales agents’ workspace.',
    icon: <TargetArrowRegular />,
    roles: ACCESS.crm,
  },
  {
    to: 'clients-services',
    testId: 'clients-services',
    title: 'Client services',
    description: 'Submitted services: assign, track and update.',
    icon: <ClipboardTaskListLtrRegular />,
    roles: ACCESS.clientServices,
  },
  {
    to: 'clients-orders',
    testId: 'clients-orders',
    title: 'Client orders',
    description: 'Orders and their receipts.',
    icon: <ReceiptRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'site-reviews',
    testId: 'site-reviews',
    title: 'Site reviews',
    description: 'Client reviews shown on the website.',
    icon: <StarRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'clients',
    testId: 'clients',
    title: 'Clients',
    description: 'Customer accounts.',
    icon: <PeopleRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'branches',
    testId: 'branches',
    title: 'Branches',
    description: 'Offices and their appointment settings.',
    icon: <BuildingMultipleRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'countries',
    testId: 'countries',
    title: 'Countries',
    description: 'Geography with tax rates and shipping fees.',
    icon: <GlobeLocationRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'reports',
    testId: 'reports',
    title: 'Reports',
    description: 'Payments, orders and sales agent reports.',
    icon: <DataBarVerticalRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'web',
    testId: 'web',
    title: 'Web',
    description: 'Website pages: About, Team, Terms and more.',
    icon: <WebAssetRegular />,
    roles: ACCESS.backOffice,
  },
  {
    to: 'users',
    testId: 'users',
    title: 'Users',
    description: 'Staff users and their roles.',
    icon: <PersonKeyRegular />,
    roles: ACCESS.userAdministration,
  },
];
