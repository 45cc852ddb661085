import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const WebhooksScreen = lazyScreen(() => import('./webhooks-screen'));

/** Webhook subscriptions and their delivery log, under /admin (Admin only, like API clients). */
export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks', handle: requireRoles(ACCESS.userAdministration), element: <WebhooksScreen /> },
];
