import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const ReportsScreen = lazyScreen(() => import('./reports-screen'));
const PaymentsScreen = lazyScreen(() => import('./payments-screen'));
const AuthNetScreen = lazyScreen(() => import('./auth-net-screen'));
const SalesAgentReportScreen = lazyScreen(() => import('./sales-agent-report-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** Payments, card settlement and reports, under /admin. */
export const paymentsRoutes: RouteObject[] = [
  {
    path: 'payments',
    handle: backOffice,
    children: [
      { index: true, element: <PaymentsScreen /> },
      { path: 'auth-net', element: <AuthNetScreen /> },
    ],
  },
  { path: 'reports', handle: backOffice, element: <ReportsScreen /> },
  { path: 'salesagent-report', handle: backOffice, element: <SalesAgentReportScreen /> },
];
