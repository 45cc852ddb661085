import { Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { ACCESS } from '../components/auth';
import { lazyScreen } from '../components/routing';
import { PageSpinner } from '../components/feedback';
import { NotFoundPage, RouteErrorPage } from '../components/layout';
import { catalogueRoutes } from '../features/catalogue/routes';
import { crmAdminRoutes, crmWorkspaceRoutes } from '../features/crm/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { geographyRoutes } from '../features/geography/routes';
import { identityRoutes } from '../features/identity/routes';
import { ordersRoutes } from '../features/orders/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { schedulingRoutes } from '../features/scheduling/routes';
import { AdminLayout } from './admin-layout';
import { RequireAuth } from './auth/require-auth';
import { RequireRole } from './auth/require-role';
import { CrmLayout } from './crm-layout';
import { HomeLayout } from './home-layout';

const LoginScreen = lazyScreen(() => import('./auth/login-screen'));
const ProfileScreen = lazyScreen(() => import('./auth/profile-screen'));

function RootRoute() {
  return (
    <>
      <Suspense fallback={<PageSpinner fullScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** The whole route table: each feature brings its own routes; this file only composes them. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/admin" replace /> },
      { path: 'auth/login', element: <LoginScreen /> },
      {
        path: 'auth/profile',
        element: (
          <RequireAuth>
            <HomeLayout />
          </RequireAuth>
        ),
        children: [{ index: true, element: <ProfileScreen /> }],
      },
      {
        path: 'admin',
        element: (
          <RequireAuth>
            <RequireRole roles={ACCESS.adminArea}>
              <AdminLayout />
            </RequireRole>
          </RequireAuth>
        ),
        children: [
          {
            // A screen that fails shows its error inside the shell, navbar still usable.
            errorElement: <RouteErrorPage />,
            children: [
              ...dashboardRoutes,
              ...catalogueRoutes,
              ...identityRoutes,
              ...crmAdminRoutes,
              ...ordersRoutes,
              ...geographyRoutes,
              ...schedulingRoutes,
              ...paymentsRoutes,
              { path: '*', element: <NotFoundPage homePath="/admin" /> },
            ],
          },
        ],
      },
      {
        path: 'crm',
        element: (
          <RequireAuth>
            <RequireRole roles={ACCESS.crm}>
              <CrmLayout />
            </RequireRole>
          </RequireAuth>
        ),
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [...crmWorkspaceRoutes, { path: '*', element: <NotFoundPage homePath="/crm" /> }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
