import { CATALOGUE_PATHS } from '@backoffice/contracts';
import { mutate } from 'swr';
import type { ServiceFile, ServiceFileInput } from '@backoffice/contracts';
import { apiFetch, revalidateUnder, useApi } from '../../../components/api';

export const SERVICE_FILES_PATH = CATALOGUE_PATHS.serviceFiles;

/** Every required-file definition, by name. */
export function useServiceFiles() {
  return useApi<ServiceFile[]>(SERVICE_FILES_PATH);
}

/** A service's state carries its files' names: after a change, services reload too. */
const refreshServices = () => revalidateUnder(CATALOGUE_PATHS.services);

/** Inserts a definition without an id, updates one with an id (the calls in docs/product.md). */
export async function saveServiceFile(id: number | null, input: ServiceFileInput): Promise<ServiceFile> {
  const saved = id
    ? await apiFetch<ServiceFile>(CATALOGUE_PATHS.serviceFileUpdate, { method: 'POST', json: { ...input, id } })
    : await apiFetch<ServiceFile>(CATALOGUE_PATHS.serviceFileInsert, { method: 'POST', json: input });
  await Promise.all([mutate(SERVICE_FILES_PATH), id ? refreshServices() : undefined]);
  return saved;
}

export async function deleteServiceFile(id: number): Promise<void> {
  await apiFetch<void>(CATALOGUE_PATHS.serviceFileDelete, { method: 'POST', json: { id } });
  await mutate(SERVICE_FILES_PATH, (current: ServiceFile[] | undefined) => current?.filter((file) => file.id !== id), {
    revalidate: true,
  });
}
