import { Outlet } from 'react-router-dom';
import type { Role } from '@backoffice/contracts';
import { RequireRole, RouteRoleGuard } from './auth/require-role';
import { ConsoleShell } from './shell/lazy-shell';

/**
 * An area of the console (/admin, /crm): the console shell, the area's roles, then the role rules of the routed
 * screen (a refusal keeps the shell).
 */
export function AreaLayout({ roles }: { roles: readonly Role[] }) {
  return (
    <ConsoleShell>
      <RequireRole roles={roles}>
        <RouteRoleGuard>
          <Outlet />
        </RouteRoleGuard>
      </RequireRole>
    </ConsoleShell>
  );
}
