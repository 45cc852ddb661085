import { Outlet } from 'react-router-dom';
import { ACCESS } from '../components/auth';
import { RequireRole, RouteRoleGuard } from './auth/require-role';
import { ConsoleShell } from './shell/lazy-shell';

/** The /crm area (the agent's workspace, the leads pipeline) in the same shell (a refusal keeps the shell). */
export function CrmLayout() {
  return (
    <ConsoleShell>
      <RequireRole roles={ACCESS.crmLeads}>
        <RouteRoleGuard>
          <Outlet />
        </RouteRoleGuard>
      </RequireRole>
    </ConsoleShell>
  );
}
