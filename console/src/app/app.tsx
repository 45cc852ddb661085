import { Toaster } from '@fluentui/react-components';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ApiSWRConfig } from '../components/api';
import { APP_TOASTER_ID, ConfirmProvider } from '../components/feedback';
import { AuthProvider } from './auth/auth-provider';
import { routes } from './routes';
import { ThemeProvider } from './shell/theme';

const router = createBrowserRouter(routes);

/** Providers, in dependency order: theme (light/dark) → data cache → session → dialogs → routes; one toaster. */
export function App() {
  // No layout styles on the provider: Fluent copies its classes onto every portal (dialogs, toasts).
  return (
    <ThemeProvider>
      <ApiSWRConfig>
        <AuthProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </AuthProvider>
      </ApiSWRConfig>
      <Toaster toasterId={APP_TOASTER_ID} position="bottom-end" pauseOnHover pauseOnWindowBlur />
    </ThemeProvider>
  );
}
