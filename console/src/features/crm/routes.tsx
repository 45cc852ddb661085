import { Navigate, type RouteObject } from 'react-router-dom';
import { ACCESS, hasAnyRole, useCurrentUser } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const LeadsScreen = lazyScreen(() => import('./leads-screen'));
const UserLeadsScreen = lazyScreen(() => import('./user-leads-screen'));
const WorkspaceScreen = lazyScreen(() => import('./workspace-screen'));
const MyLeadsScreen = lazyScreen(() => import('./my-leads-screen'));
const TeamLeadsScreen = lazyScreen(() => import('./team-leads-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** /crm/leads: Managers and Admins get the team view, a sales agent their own leads. */
function CrmLeads() {
  const user = useCurrentUser();
  return hasAnyRole(user, ACCESS.backOffice) ? <TeamLeadsScreen /> : <MyLeadsScreen />;
}

/** /crm: the agent's workspace; a Manager (who has no leads of their own) goes to the team view. */
function CrmHome() {
  const user = useCurrentUser();
  return hasAnyRole(user, ACCESS.crm) ? <WorkspaceScreen /> : <Navigate to="/crm/leads" replace />;
}

/** Lead import and assignment, under /admin. */
export const crmAdminRoutes: RouteObject[] = [
  { path: 'leads', handle: backOffice, element: <LeadsScreen /> },
  { path: 'user-leads', handle: backOffice, element: <UserLeadsScreen /> },
];

/** The CRM under /crm (the CRM layout admits sales agents, Managers and Admins). */
export const crmWorkspaceRoutes: RouteObject[] = [
  { index: true, element: <CrmHome /> },
  { path: 'leads', element: <CrmLeads /> },
];
