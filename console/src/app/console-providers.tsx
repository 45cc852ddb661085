import { Toaster } from '@fluentui/react-components';
import { Outlet } from 'react-router-dom';
import { mutate } from 'swr';
import { ApiSWRConfig } from '../components/api/api-swr-config';
import { sessionStore } from '../components/api/session-store';
import { APP_TOASTER_ID, ConfirmProvider } from '../components/feedback';

// The next user must never see the previous one's data: every cached answer is forgotten when a session ends.
// The cache is filled only under these providers, so it is watched from the moment this module is loaded.
sessionStore.subscribe(() => {
  if (sessionStore.getSnapshot().status === 'anonymous') void mutate(() => true, undefined, { revalidate: false });
});

/**
 * What every signed-in route shares: the data cache (SWR with the API client), the one confirmation dialog and the
 * one toaster. Its own chunk, a layout route around every route but the sign-in page, which needs none of it.
 */
export default function ConsoleProviders() {
  return (
    <ApiSWRConfig>
      <ConfirmProvider>
        <Outlet />
      </ConfirmProvider>
      <Toaster toasterId={APP_TOASTER_ID} position="bottom-end" pauseOnHover pauseOnWindowBlur />
    </ApiSWRConfig>
  );
}
