import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { requireRoles } from '../../components/routing';

const UsersScreen = lazy(() => import('./users/users-screen'));
const UserRolesScreen = lazy(() => import('./roles/user-roles-screen'));
const ClientsScreen = lazy(() => import('./clients/clients-screen'));

const userAdministration = requireRoles(ACCESS.userAdministration);

/** Staff users, their roles and client accounts, under /admin. */
export const identityRoutes: RouteObject[] = [
  { path: 'users', handle: userAdministration, element: <UsersScreen /> },
  { path: 'roles/:userId', handle: userAdministration, element: <UserRolesScreen /> },
  { path: 'clients', handle: requireRoles(ACCESS.backOffice), element: <ClientsScreen /> },
];
