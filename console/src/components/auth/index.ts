export { AuthContext, useAuth, useCurrentUser, type AuthContextValue } from './auth-context';
export { ACCESS, hasAnyRole, landingPath, safeNextPath } from './role-policy';
