import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const ActivityScreen = lazyScreen(() => import('./activity-screen'));

/** The audit log, under /admin (Admin only; each record's own history is shown where the record is). */
export const auditRoutes: RouteObject[] = [
  { path: 'activity', handle: requireRoles(ACCESS.userAdministration), element: <ActivityScreen /> },
];
