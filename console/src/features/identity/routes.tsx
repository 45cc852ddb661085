import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const UsersScreen = lazyScreen(() => import('./users/users-screen'));
const UserRolesScreen = lazyScreen(() => import('./roles/user-roles-screen'));
const ClientsScreen = lazyScreen(() => import('./clients/clients-screen'));
const ApiClientsScreen = lazyScreen(() => import('./api-clients/api-clients-screen'));

const userAdministration = requireRoles(ACCESS.userAdministration);

/** Staff users, their roles and client accounts, under /admin. */
export const identityRoutes: RouteObject[] = [
  { path: 'users', handle: userAdministration, element: <UsersScreen /> },
  { path: 'roles/:userId', handle: userAdministration, element: <UserRolesScreen /> },
  { path: 'clients', handle: requireRoles(ACCESS.backOffice), element: <ClientsScreen /> },
  { path: 'api-clients', handle: userAdministration, element: <ApiClientsScreen /> },
];
