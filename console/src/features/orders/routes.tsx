import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { requireRoles } from '../../components/routing';

const ClientsOrdersScreen = lazy(() => import('./clients-orders-screen'));
const OrderReceiptScreen = lazy(() => import('./order-receipt-screen'));
const ClientServicesScreen = lazy(() => import('./client-services-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** Orders, their receipts and submitted client services, under /admin. */
export const ordersRoutes: RouteObject[] = [
  { path: 'clients-orders', handle: backOffice, element: <ClientsOrdersScreen /> },
  { path: 'clients-orders/order/:orderId', handle: backOffice, element: <OrderReceiptScreen /> },
  { path: 'clients-services', handle: requireRoles(ACCESS.clientServices), element: <ClientServicesScreen /> },
];
