import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ApiSWRConfig } from '../components/api';
import { APP_TOASTER_ID, ConfirmProvider } from '../components/feedback';
import { AuthProvider } from './auth/auth-provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** Providers, in dependency order: theme → data cache → session → dialogs → routes; one toaster. */
export function App() {
  // No layout styles on the provider: Fluent copies its classes onto every portal (dialogs, toasts).
  return (
    <FluentProvider theme={webLightTheme}>
      <ApiSWRConfig>
        <AuthProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </AuthProvider>
      </ApiSWRConfig>
      <Toaster toasterId={APP_TOASTER_ID} position="bottom-end" pauseOnHover pauseOnWindowBlur />
    </FluentProvider>
  );
}
