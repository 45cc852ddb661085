import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadRoute } from '../components/routing';
import { App } from './app';
import { restoreSession } from './auth/auth-provider';
import { routes } from './routes';
import { loadConsoleShell } from './shell/lazy-shell';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The session, the screen's code and the first render proceed side by side rather than one after another.
restoreSession();
preloadRoute(routes, window.location.pathname);
if (!window.location.pathname.startsWith('/auth/login')) void loadConsoleShell();

// Rendered as a transition, React yields to the browser every few milliseconds instead of holding the
// main thread for the whole first render (input stays responsive while the console starts).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
