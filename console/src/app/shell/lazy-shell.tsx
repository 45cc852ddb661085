import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../components/feedback/page-spinner';

/** The shell's code (navigation drawer, menus, tooltips) is its own chunk: the sign-in page does not need it. */
export const loadConsoleShell = () => import('./console-shell');

const ConsoleShellChunk = lazy(() => loadConsoleShell().then((m) => ({ default: m.ConsoleShell })));

export function ConsoleShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <ConsoleShellChunk>{children}</ConsoleShellChunk>
    </Suspense>
  );
}
