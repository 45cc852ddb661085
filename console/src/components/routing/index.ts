export { lazyScreen, preloadRoute, type LazyScreen } from './lazy-screen';
export { requireRoles, requiredRoleSets, type RouteHandle } from './route-handle';
