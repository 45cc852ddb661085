import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const BranchesScreen = lazyScreen(() => import('./branches-screen'));
const AppointmentSettingsScreen = lazyScreen(() => import('./appointment-settings-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** Branches and their appointment settings, under /admin. */
export const schedulingRoutes: RouteObject[] = [
  { path: 'branches', handle: backOffice, element: <BranchesScreen /> },
  { path: 'appointment-settings/:branchId', handle: backOffice, element: <AppointmentSettingsScreen /> },
];
