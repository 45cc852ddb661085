import { mutate } from 'swr';
import {
  BRANCH_PATHS,
  IDENTITY_PATHS,
  ORDERS_PATHS,
  type Branch,
  type Client,
  type ClientServiceCounts,
  type ClientServiceDetail,
  type ClientServiceFile,
  type ClientServiceSummary,
  type CommandResult,
  type OrderDetail,
  type OrderPayment,
  type OrderStatus,
  type OrderSummary,
  type Page,
  type ServiceTransactionInput,
} from '@backoffice/contracts';
import { apiFetch, idempotencyHeader, revalidateUnder, useApi, withQuery } from '../../components/api';
import { browserTimeZone } from '../../components/format';

export interface OrderListParams {
  page: number;
  pageSize: number;
  search: string;
  status: OrderStatus | '';
}

function orderQuery({ search, status }: Pick<OrderListParams, 'search' | 'status'>): URLSearchParams {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  if (status) query.set('status', status);
  return query;
}

export function useOrders(params: OrderListParams) {
  const query = orderQuery(params);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  return useApi<Page<OrderSummary>>(`${ORDERS_PATHS.orders}?${query}`, { keepPreviousData: true });
}

export function useOrder(id: string | undefined) {
  return useApi<OrderDetail>(id ? ORDERS_PATHS.order(id) : null, { shouldRetryOnError: false });
}

/** The client account of an order (identity), only when the order has a user. */
export function useOrderClient(userId: string | null | undefined) {
  return useApi<Client>(userId ? IDENTITY_PATHS.clientById(userId) : null, { shouldRetryOnError: false });
}

export function useOrderPayments(id: string | undefined) {
  return useApi<OrderPayment[] | { items: OrderPayment[] }>(id ? ORDERS_PATHS.orderPayments(id) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

export async function submitOrderItem(orderId: string, itemId: number): Promise<CommandResult> {
  const result = await apiFetch<CommandResult>(ORDERS_PATHS.submit, { method: 'POST', json: { orderId, itemId } });
  await Promise.all([mutate(ORDERS_PATHS.order(orderId)), revalidateClientServiceLists()]);
  return result;
}

/** Every cached list of client services (each search, status and page is its own key). */
const revalidateClientServiceLists = () => revalidateUnder(ORDERS_PATHS.clientServices);

/** One page of client services, searched and filtered by the server. */
export function useClientServices(filter: { search: string; status: string; page: number; pageSize: number }) {
  const query = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.search) query.set('search', filter.search);
  if (filter.status) query.set('status', filter.status);
  return useApi<Page<ClientServiceSummary>>(`${ORDERS_PATHS.clientServices}?${query}`, { keepPreviousData: true });
}

/** The caller's client services by status and this week's (a provider's own; everyone's for a Manager). */
export const useClientServiceCounts = () =>
  useApi<ClientServiceCounts>(withQuery(ORDERS_PATHS.clientServiceCounts, { tz: browserTimeZone() }));

export function useClientService(id: string | null) {
  return useApi<ClientServiceDetail>(id ? ORDERS_PATHS.clientService(id) : null, { shouldRetryOnError: false });
}

export function useAssignableBranches(enabled: boolean) {
  return useApi<Branch[]>(enabled ? BRANCH_PATHS.branches : null);
}

async function afterChange(clientServiceId: string) {
  await Promise.all([revalidateClientServiceLists(), mutate(ORDERS_PATHS.clientService(clientServiceId))]);
}

export type Assignment =
  { kind: 'branch'; branchId: number } | { kind: 'provider'; providerId: string } | { kind: 'clear-branch' } | { kind: 'clear-provider' };

/** The Assign modal's commands → {success, message}: POSTs to the specification's paths (their GETs are kept for its clients). */
export async function assign(clientServiceId: string, assignment: Assignment): Promise<CommandResult> {
  const path =
    assignment.kind === 'branch'
      ? ORDERS_PATHS.assignBranch(clientServiceId, assignment.branchId)
      : assignment.kind === 'provider'
        ? ORDERS_PATHS.assignProvider(clientServiceId, assignment.providerId)
        : assignment.kind === 'clear-branch'
          ? ORDERS_PATHS.clearBranch(clientServiceId)
          : ORDERS_PATHS.clearProvider(clientServiceId);
  const result = await apiFetch<CommandResult>(path, { method: 'POST' });
  if (result.success) await afterChange(clientServiceId);
  return result;
}

/** Uploads one transaction image; the server checks its bytes. */
export function uploadTransactionImage(clientServiceId: string, file: File): Promise<ClientServiceFile> {
  const query = new URLSearchParams({ name: file.name, kind: 'transaction' });
  return apiFetch<ClientServiceFile>(`${ORDERS_PATHS.clientServiceFiles(clientServiceId)}?${query}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

/** Records a transaction; `idempotencyKey` (the dialog's) makes a retry after a lost answer record it once. */
export async function recordTransaction(input: ServiceTransactionInput, idempotencyKey?: string): Promise<CommandResult> {
  const result = await apiFetch<CommandResult>(ORDERS_PATHS.transaction, {
    method: 'POST',
    json: input,
    headers: idempotencyHeader(idempotencyKey),
  });
  await afterChange(input.clientServiceId);
  return result;
}

export { fetchBlob, saveBlob } from '../../components/api';

export function exportOrdersPath(params: Pick<OrderListParams, 'search' | 'status'>): string {
  const query = orderQuery(params).toString();
  return `${ORDERS_PATHS.ordersExport}${query ? `?${query}` : ''}`;
}
