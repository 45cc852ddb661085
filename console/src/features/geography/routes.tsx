import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const GeographyScreen = lazyScreen(() => import('./geography-screen'));

/** The geography manager (taxes and shipping fees), under /admin. */
export const geographyRoutes: RouteObject[] = [
  { path: 'countries', handle: requireRoles(ACCESS.backOffice), element: <GeographyScreen /> },
];
