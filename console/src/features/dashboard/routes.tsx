import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const DashboardScreen = lazy(() => import('./dashboard-screen'));

/** The admin home (/admin). */
export const dashboardRoutes: RouteObject[] = [{ index: true, element: <DashboardScreen /> }];
