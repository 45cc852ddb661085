import { Outlet } from 'react-router-dom';
import { ACCESS } from '../components/auth';
import { RequireRole, RouteRoleGuard } from './auth/require-role';
import { ConsoleShell } from './shell/lazy-shell';

/** The /admin area: the console shell, the area's roles, then the role rules of the routed screen (a refusal keeps the shell). */
export function AdminLayout() {
  return (
    <ConsoleShell>
      <RequireRole roles={ACCESS.adminArea}>
        <RouteRoleGuard>
          <Outlet />
        </RouteRoleGuard>
      </RequireRole>
    </ConsoleShell>
  );
}
