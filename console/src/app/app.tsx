import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AuthProvider } from './auth/auth-provider';
import { routes } from './routes';
import { ThemeProvider } from './shell/theme';

const router = createBrowserRouter(routes);

/**
 * Providers, in dependency order: theme (light/dark) → session → routes. What only signed-in screens use (the data
 * cache, dialogs, the toaster) is a lazy layout route of routes.tsx, so the sign-in page loads none of it.
 */
export function App() {
  // No layout styles on the provider: Fluent copies its classes onto every portal (dialogs, toasts).
  return (
    <ThemeProvider>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>
  );
}
