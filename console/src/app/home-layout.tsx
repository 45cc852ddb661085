import { Outlet } from 'react-router-dom';
import { ConsoleShell } from './shell/lazy-shell';

/** The shell of pages every signed-in user has (the profile, unknown addresses). */
export function HomeLayout() {
  return (
    <ConsoleShell>
      <Outlet />
    </ConsoleShell>
  );
}
