import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { NotBuiltYet } from '../../components/layout';
import { requireRoles } from '../../components/routing';

/** The geography manager (taxes and shipping fees), under /admin. */
export const geographyRoutes: RouteObject[] = [
  { path: 'countries', handle: requireRoles(ACCESS.backOffice), element: <NotBuiltYet title="Countries" /> },
];
