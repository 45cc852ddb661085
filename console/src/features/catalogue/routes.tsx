import type { RouteObject } from 'react-router-dom';
import { ACCESS } from '../../components/auth';
import { NotBuiltYet } from '../../components/layout';
import { requireRoles } from '../../components/routing';

const backOffice = requireRoles(ACCESS.backOffice);

/** Catalogue (services, required files), website content and reviews, under /admin. */
export const catalogueRoutes: RouteObject[] = [
  // One route for the root level and every category, so opening a category keeps the screen mounted.
  { path: 'services/:categoryId?', handle: backOffice, element: <NotBuiltYet title="Services" /> },
  { path: 'services-files', handle: backOffice, element: <NotBuiltYet title="Service files" /> },
  { path: 'web', handle: backOffice, element: <NotBuiltYet title="Web" /> },
  { path: 'web/:page', handle: backOffice, element: <NotBuiltYet title="Web page articles" /> },
  { path: 'site-reviews', handle: backOffice, element: <NotBuiltYet title="Site reviews" /> },
];
