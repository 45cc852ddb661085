import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { NotBuiltYet } from '../../components/layout';
import { requireRoles } from '../../components/routing';

const backOffice = requireRoles(ACCESS.backOffice);

/** Orders, their receipts and submitted client services, under /admin. */
export const ordersRoutes: RouteObject[] = [
  { path: 'clients-orders', handle: backOffice, element: <NotBuiltYet title="Client orders" /> },
  { path: 'clients-orders/order/:orderId', handle: backOffice, element: <NotBuiltYet title="Order receipt" /> },
  {
    path: 'clients-services',
    handle: requireRoles(ACCESS.clientServices),
    element: <NotBuiltYet title="Client services" />,
  },
];
