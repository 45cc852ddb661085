import { ACCESS, useAuth } from '../components/auth';
import { AdminLayout } from './admin-layout';
import { CrmLayout } from './crm-layout';

/** The shell of pages every signed-in user has (the profile): the one of the user's home area. */
export function HomeLayout() {
  const { hasRole } = useAuth();
  return hasRole(...ACCESS.adminArea) ? <AdminLayout /> : <CrmLayout />;
}
