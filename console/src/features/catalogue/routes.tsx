import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { lazyScreen, requireRoles } from '../../components/routing';

const ServicesScreen = lazyScreen(() => import('./services/services-screen'));
const ServiceLinkScreen = lazyScreen(() => import('./services/service-link-screen'));
const ServiceFilesScreen = lazyScreen(() => import('./service-files/service-files-screen'));
const WebMenuScreen = lazyScreen(() => import('./web-menu/web-menu-screen'));
const WebPageScreen = lazyScreen(() => import('./web-pages/web-page-screen'));
const SiteReviewsScreen = lazyScreen(() => import('./site-reviews/site-reviews-screen'));

const backOffice = requireRoles(ACCESS.backOffice);

/** Catalogue (services, required files), website content and reviews, under /admin. */
export const catalogueRoutes: RouteObject[] = [
  // One route for the root level and every category, so opening a category keeps the screen mounted.
  { path: 'services/:categoryId?', handle: backOffice, element: <ServicesScreen /> },
  { path: 'services/item/:serviceId', handle: backOffice, element: <ServiceLinkScreen /> },
  { path: 'services-files', handle: backOffice, element: <ServiceFilesScreen /> },
  { path: 'web', handle: backOffice, element: <WebMenuScreen /> },
  { path: 'web/:page', handle: backOffice, element: <WebPageScreen /> },
  { path: 'site-reviews', handle: backOffice, element: <SiteReviewsScreen /> },
];
