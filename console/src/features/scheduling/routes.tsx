import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { NotBuiltYet } from '../../components/layout';
import { requireRoles } from '../../components/routing';

const backOffice = requireRoles(ACCESS.backOffice);

/** Branches and their appointment settings, under /admin. */
export const schedulingRoutes: RouteObject[] = [
  { path: 'branches', handle: backOffice, element: <NotBuiltYet title="Branches" /> },
  { path: 'appointment-settings/:branchId', handle: backOffice, element: <NotBuiltYet title="Appointment settings" /> },
];
