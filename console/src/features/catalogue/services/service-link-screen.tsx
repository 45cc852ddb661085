import { Navigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../components/api';
import { PageSpinner } from '../../../components/feedback';
import { NotFoundPage } from '../../../components/layout';
import { useService } from './api';

/** `/admin/services/item/{serviceId}`: a link to one service (from a receipt) opens it in its category. */
export default function ServiceLinkScreen() {
  const { serviceId } = useParams<{ serviceId: string }>();
  const id = serviceId && /^\d+$/.test(serviceId) ? Number(serviceId) : null;
  const { data: service, error } = useService(id);
  if (id === null || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return <NotFoundPage homePath="/admin/services" />;
  }
  if (service) return <Navigate to={`/admin/services/${service.categoryId}?service=${service.id}`} replace />;
  if (error) return <Navigate to="/admin/services" replace />;
  return <PageSpinner label="Opening the service…" />;
}
