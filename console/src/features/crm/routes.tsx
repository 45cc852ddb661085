import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { requireRoles } from '../../components/routing';

const LeadsScreen = lazy(() => import('./leads-screen'));
const UserLeadsScreen = lazy(() => import('./user-leads-screen'));
const WorkspaceScreen = lazy(() => import('./workspace-screen'));
const MyLeadsScreen = lazy(() => import('./my-leads-screen'));

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
