export { requireRoles, requiredRoleSets, type RouteHandle } from './route-handle';
