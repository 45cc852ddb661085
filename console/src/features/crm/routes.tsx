import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const LeadsScreen = lazyScreen(() => import('./leads-screen'));
const UserLeadsScreen = lazyScreen(() => import('./user-leads-screen'));
const WorkspaceScreen = lazyScreen(() => import('./workspace-screen'));
const MyLeadsScreen = lazyScreen(() => import('./my-leads-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** Lead import and assignment, under /admin. */
export const crmAdminRoutes: RouteObject[] = [
  { path: 'leads', handle: backOffice, element: <LeadsScreen /> },
  { path: 'user-leads', handle: backOffice, element: <UserLeadsScreen /> },
];

/** The sales agent's workspace, under /crm (the CRM layout admits Salesagent and Admin). */
export const crmWorkspaceRoutes: RouteObject[] = [
  { index: true, element: <WorkspaceScreen /> },
  { path: 'leads', element: <MyLeadsScreen /> },
];
