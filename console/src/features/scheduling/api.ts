import { BRANCH_PATHS } from '@backoffice/contracts';
import { mutate } from 'swr';
import type {
  AppointmentSettings,
  AppointmentSettingsInput,
  Branch,
  BranchCountry,
  BranchInput,
  BranchSlots,
  SaveAppointmentSettingsResponse,
} from '@backoffice/contracts';
import { apiFetch, useApi } from '../../components/api';

export const BRANCHES_PATH = BRANCH_PATHS.branches;
export const BRANCH_COUNTRIES_PATH = BRANCH_PATHS.countries;
const branchPath = (id: number) => `${BRANCHES_PATH}/${id}`;
const settingsPath = (branchId: number) => `${branchPath(branchId)}/appointment-settings`;
const slotsPath = (branchId: number) => `${branchPath(branchId)}/slots`;

export function useBranches() {
  return useApi<Branch[]>(BRANCHES_PATH);
}

export function useBranch(id: number | null) {
  return useApi<Branch>(id ? branchPath(id) : null, { shouldRetryOnError: false });
}

/** The bundled country list; it never changes while the console runs. */
export function useBranchCountries() {
  return useApi<BranchCountry[]>(BRANCH_COUNTRIES_PATH, { revalidateIfStale: false, revalidateOnReconnect: false });
}

export function useAppointmentSettings(branchId: number | null) {
  return useApi<AppointmentSettings>(branchId ? settingsPath(branchId) : null, { shouldRetryOnError: false });
}

/** The next free slots of a branch, from its saved settings. */
export function useBranchSlots(branchId: number | null) {
  return useApi<BranchSlots>(branchId ? slotsPath(branchId) : null, { shouldRetryOnError: false });
}

/** Inserts a branch without an id, updates one with an id; the list and the branch refresh. */
export async function saveBranch(id: number | null, input: BranchInput): Promise<Branch> {
  const branch = id
    ? await apiFetch<Branch>(branchPath(id), { method: 'PUT', json: input })
    : await apiFetch<Branch>(BRANCHES_PATH, { method: 'POST', json: input });
  await Promise.all([mutate(BRANCHES_PATH), mutate(branchPath(branch.id), branch, { revalidate: false })]);
  return branch;
}

export async function deleteBranch(id: number): Promise<void> {
  await apiFetch<void>(branchPath(id), { method: 'DELETE' });
  await mutate(BRANCHES_PATH, (current: Branch[] | undefined) => current?.filter((branch) => branch.id !== id), { revalidate: true });
}

export async function saveAppointmentSettings(branchId: number, input: AppointmentSettingsInput): Promise<SaveAppointmentSettingsResponse> {
  const response = await apiFetch<SaveAppointmentSettingsResponse>(settingsPath(branchId), { method: 'PUT', json: input });
  await Promise.all([mutate(settingsPath(branchId)), mutate(slotsPath(branchId))]);
  return response;
}
