import { BRANCH_PATHS, CATALOGUE_PATHS } from '@backoffice/contracts';
import { mutate } from 'swr';
import type { Branch, Category, CategoryDetail, CategoryInput, Service, ServiceInput } from '@backoffice/contracts';
import { apiFetch, revalidateUnder, useApi } from '../../../components/api';

const CATEGORIES_PATH = CATALOGUE_PATHS.categories;
const SERVICES_PATH = CATALOGUE_PATHS.services;
const BRANCHES_PATH = BRANCH_PATHS.branches;

const levelKey = (parentId: number | null) => (parentId ? `${CATEGORIES_PATH}?parentId=${parentId}` : CATEGORIES_PATH);
const servicesKey = (categoryId: number) => `${SERVICES_PATH}?categoryId=${categoryId}`;

/** The categories of one level of the tree (the root level for null). */
export function useCategories(parentId: number | null) {
  return useApi<Category[]>(levelKey(parentId), { shouldRetryOnError: false });
}

/** One category with its ancestors (for the back button and the breadcrumb). */
export function useCategory(id: number | null) {
  return useApi<CategoryDetail>(id ? `${CATEGORIES_PATH}/${id}` : null, { shouldRetryOnError: false });
}

export function useServices(categoryId: number | null) {
  return useApi<Service[]>(categoryId ? servicesKey(categoryId) : null, { shouldRetryOnError: false });
}

/** One service by id (a link from elsewhere opens it in its category). */
export function useService(id: number | null) {
  return useApi<Service>(id ? `${SERVICES_PATH}/${id}` : null, { shouldRetryOnError: false });
}

/** Branches come from scheduling; a service still saves when they cannot be listed. */
export function useBranchChoices() {
  return useApi<Branch[]>(BRANCHES_PATH, { shouldRetryOnError: false, revalidateIfStale: false });
}

/** Category counts and levels change with most catalogue edits: every category key reloads. */
const refreshCategories = () => revalidateUnder(CATEGORIES_PATH);
const refreshServices = () => revalidateUnder(SERVICES_PATH);

/** Inserts a category without an id, updates one with an id. */
export async function saveCategory(id: number | null, input: CategoryInput): Promise<Category> {
  const saved = id
    ? await apiFetch<Category>(`${CATEGORIES_PATH}/${id}`, { method: 'PUT', json: input })
    : await apiFetch<Category>(CATEGORIES_PATH, { method: 'POST', json: input });
  await refreshCategories();
  return saved;
}

export async function deleteCategory(id: number): Promise<void> {
  await apiFetch<void>(`${CATEGORIES_PATH}/${id}`, { method: 'DELETE' });
  await refreshCategories();
}

/** Inserts a service without an id, updates one with an id. */
export async function saveService(id: number | null, input: ServiceInput): Promise<Service> {
  const saved = id
    ? await apiFetch<Service>(`${SERVICES_PATH}/${id}`, { method: 'PUT', json: input })
    : await apiFetch<Service>(SERVICES_PATH, { method: 'POST', json: input });
  await Promise.all([refreshServices(), refreshCategories(), mutate(CATALOGUE_PATHS.serviceFiles)]);
  return saved;
}

export async function deleteService(service: Service): Promise<void> {
  await apiFetch<void>(`${SERVICES_PATH}/${service.id}`, { method: 'DELETE' });
  await mutate(servicesKey(service.categoryId), (current: Service[] | undefined) => current?.filter((s) => s.id !== service.id), {
    revalidate: true,
  });
  await Promise.all([refreshCategories(), mutate(CATALOGUE_PATHS.serviceFiles)]);
}
