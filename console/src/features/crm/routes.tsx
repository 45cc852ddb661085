import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { NotBuiltYet } from '../../components/layout';
import { requireRoles } from '../../components/routing';

const backOffice = requireRoles(ACCESS.backOffice);

/** Lead import and assignment, under /admin. */
export const crmAdminRoutes: RouteObject[] = [
  { path: 'leads', handle: backOffice, element: <NotBuiltYet title="Leads" /> },
  { path: 'user-leads', handle: backOffice, element: <NotBuiltYet title="Assign leads" /> },
];

/** The sales agent's workspace, under /crm (the CRM layout admits Salesagent and Admin). */
export const crmWorkspaceRoutes: RouteObject[] = [
  { index: true, element: <NotBuiltYet title="CRM workspace" /> },
  { path: 'leads', element: <NotBuiltYet title="My leads" /> },
];
