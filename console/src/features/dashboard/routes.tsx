import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../components/routing';

const DashboardScreen = lazyScreen(() => import('./dashboard-screen'));

/** The admin home (/admin). */
export const dashboardRoutes: RouteObject[] = [{ index: true, element: <DashboardScreen /> }];
