import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadRoute } from '../components/routing';
import { App } from './app';
import { restoreSession } from './auth/auth-provider';
import { preloadSignedIn, routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The session, the screen's code and the first render proceed side by side rather than one after another.
// The sign-in page loads its own screen only; any other address also the shell and the signed-in providers.
restoreSession();
const { pathname } = window.location;
if (pathname.startsWith('/auth/login')) preloadRoute(routes, pathname);
else preloadSignedIn(pathname);

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
