import { Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { ACCESS, landingPath, useAuth } from '../components/auth';
import { lazyScreen, preloadRoute } from '../components/routing';
import { PageSpinner } from '../components/feedback/page-spinner';
import { NotFoundPage } from '../components/layout/not-found-page';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { catalogueRoutes } from '../features/catalogue/routes';
import { crmAdminRoutes, crmWorkspaceRoutes } from '../features/crm/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { geographyRoutes } from '../features/geography/routes';
import { identityRoutes } from '../features/identity/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import { auditRoutes } from '../features/audit/routes';
import { ordersRoutes } from '../features/orders/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { schedulingRoutes } from '../features/scheduling/routes';
import { AreaLayout } from './area-layout';
import { RequireAuth } from './auth/require-auth';
import { HomeLayout } from './home-layout';
import { loadConsoleShell } from './shell/lazy-shell';

const LoginScreen = lazyScreen(() => import('./auth/login-screen'));
const ConsoleProviders = lazyScreen(() => import('./console-providers'));
const ProfileScreen = lazyScreen(() => import('./auth/profile-screen'));

/** `/`: each role's landing screen (a sales agent's workspace, a provider's client services, the dashboard). */
function LandingRedirect() {
  const { user } = useAuth();
  return (
    <RequireAuth>
      <Navigate to={user ? landingPath(user) : '/admin'} replace />
    </RequireAuth>
  );
}

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

/**
 * Starts loading what the signed-in screen at `pathname` needs: its providers, the console shell and the screen.
 * The sign-in page calls it once signing in starts, so the first screen after it does not wait for its code.
 */
export function preloadSignedIn(pathname: string): void {
  preloadRoute(routes, pathname);
  loadConsoleShell().catch(() => undefined);
}

/** The whole route table: each feature brings its own routes; this file only composes them. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'auth/login', element: <LoginScreen preload={preloadSignedIn} /> },
      {
        // Every other route: the sign-in page loads none of what they share.
        element: <ConsoleProviders />,
        children: [
          { index: true, element: <LandingRedirect /> },
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
                <AreaLayout roles={ACCESS.adminArea} />
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
                  ...webhooksRoutes,
                  ...auditRoutes,
                  { path: '*', element: <NotFoundPage homePath="/admin" /> },
                ],
              },
            ],
          },
          {
            path: 'crm',
            element: (
              <RequireAuth>
                <AreaLayout roles={ACCESS.crmLeads} />
              </RequireAuth>
            ),
            children: [
              {
                errorElement: <RouteErrorPage />,
                children: [...crmWorkspaceRoutes, { path: '*', element: <NotFoundPage homePath="/crm" /> }],
              },
            ],
          },
          {
            // An unknown address keeps the shell for a signed-in user.
            element: (
              <RequireAuth>
                <HomeLayout />
              </RequireAuth>
            ),
            children: [{ path: '*', element: <NotFoundPage homePath="/" /> }],
          },
        ],
      },
    ],
  },
];
