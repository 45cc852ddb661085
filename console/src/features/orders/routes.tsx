import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const ClientsOrdersScreen = lazyScreen(() => import('./clients-orders-screen'));
const OrderReceiptScreen = lazyScreen(() => import('./order-receipt-screen'));
const ClientServicesScreen = lazyScreen(() => import('./client-services-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** Orders, their receipts and submitted client services, under /admin. */
export const ordersRoutes: RouteObject[] = [
  { path: 'clients-orders', handle: backOffice, element: <ClientsOrdersScreen /> },
  { path: 'clients-orders/order/:orderId', handle: backOffice, element: <OrderReceiptScreen /> },
  { path: 'clients-services', handle: requireRoles(ACCESS.clientServices), element: <ClientServicesScreen /> },
];
