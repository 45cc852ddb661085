import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { NotBuiltYet } from '../../components/layout';
import { requireRoles } from '../../components/routing';

const userAdministration = requireRoles(ACCESS.userAdministration);

/** Staff users, their roles and client accounts, under /admin. */
export const identityRoutes: RouteObject[] = [
  { path: 'users', handle: userAdministration, element: <NotBuiltYet title="Users" /> },
  { path: 'roles/:userId', handle: userAdministration, element: <NotBuiltYet title="User roles" /> },
  { path: 'clients', handle: requireRoles(ACCESS.backOffice), element: <NotBuiltYet title="Clients" /> },
];
