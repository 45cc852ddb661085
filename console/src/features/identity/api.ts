import { AUTH_PATHS, IDENTITY_PATHS } from '@backoffice/contracts';
import { mutate } from 'swr';
import type {
  Client,
  ClientInsertRequest,
  ClientListQuery,
  ClientUpdateRequest,
  CreateStaffUserRequest,
  IdentityResult,
  IdentitySettings,
  Page,
  RecoveryCodes,
  Role,
  StaffUser,
  TwoFactorSetup,
  TwoFactorStatus,
  UpdateStaffUserRequest,
  UserListQuery,
  UserRoles,
} from '@backoffice/contracts';
import { apiFetch, idempotencyHeader, revalidateUnder, useApi, withQuery } from '../../components/api';

export const USERS_PATH = IDENTITY_PATHS.users;
export const ROLES_PATH = IDENTITY_PATHS.roles;
export const SETTINGS_PATH = IDENTITY_PATHS.settings;
export const CLIENTS_PATH = IDENTITY_PATHS.clients;
export const TWO_FACTOR_PATH = AUTH_PATHS.twoFactor;

const userPath = (id: string) => `${USERS_PATH}/${id}`;
const userRolesPath = (id: string) => `${userPath(id)}/roles`;

// ── Staff users and roles ─────────────────────────────────────────────────────────────────────

/** A page of staff users; the previous page stays on screen while the next one loads. */
export function useUsers(query: UserListQuery) {
  return useApi<Page<StaffUser>>(withQuery(USERS_PATH, query), { keepPreviousData: true });
}

export function useUserRoles(userId: string | undefined) {
  return useApi<UserRoles>(userId ? userRolesPath(userId) : null, { shouldRetryOnError: false });
}

/** Every role name; they do not change while the console runs. */
export function useRoleNames() {
  return useApi<Role[]>(ROLES_PATH, { revalidateIfStale: false, revalidateOnReconnect: false });
}

export async function createUser(input: CreateStaffUserRequest): Promise<StaffUser> {
  const user = await apiFetch<StaffUser>(USERS_PATH, { method: 'POST', json: input });
  await revalidateUnder(USERS_PATH);
  return user;
}

export async function updateUser(id: string, input: UpdateStaffUserRequest): Promise<StaffUser> {
  const user = await apiFetch<StaffUser>(userPath(id), { method: 'PUT', json: input });
  await revalidateUnder(USERS_PATH);
  return user;
}

/** Deactivate or reactivate; deactivation signs the user out everywhere at once. */
export async function setUserActive(id: string, active: boolean): Promise<StaffUser> {
  const user = await apiFetch<StaffUser>(`${userPath(id)}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' });
  await revalidateUnder(USERS_PATH);
  return user;
}

export function endUserSessions(id: string): Promise<void> {
  return apiFetch<void>(`${userPath(id)}/end-sessions`, { method: 'POST' });
}

export async function resetUserTwoFactor(id: string): Promise<StaffUser> {
  const user = await apiFetch<StaffUser>(`${userPath(id)}/two-factor`, { method: 'DELETE' });
  await revalidateUnder(USERS_PATH);
  return user;
}

/** PUT the user's roles; the role screen and the users list refresh. */
export async function saveUserRoles(userId: string, roles: Role[]): Promise<UserRoles> {
  const saved = await apiFetch<UserRoles>(userRolesPath(userId), { method: 'PUT', json: { roles } });
  await mutate(userRolesPath(userId), saved, { revalidate: false });
  await revalidateUnder(USERS_PATH);
  return saved;
}

// ── Security settings ─────────────────────────────────────────────────────────────────────────

export function useIdentitySettings() {
  return useApi<IdentitySettings>(SETTINGS_PATH);
}

export async function saveIdentitySettings(input: IdentitySettings): Promise<IdentitySettings> {
  const saved = await apiFetch<IdentitySettings>(SETTINGS_PATH, { method: 'PUT', json: input });
  await mutate(SETTINGS_PATH, saved, { revalidate: false });
  return saved;
}

// ── Clients ───────────────────────────────────────────────────────────────────────────────────

export function useClients(query: ClientListQuery) {
  return useApi<Page<Client>>(withQuery(CLIENTS_PATH, query), { keepPreviousData: true });
}

/**
 * Insert without an id, update with one (docs/product.md); the answer says whether it succeeded. An insert carries
 * the dialog's Idempotency-Key, so a retry after a lost answer creates no second client.
 */
export async function saveClient(input: ClientInsertRequest | ClientUpdateRequest, idempotencyKey?: string): Promise<IdentityResult> {
  const isUpdate = 'id' in input && !!input.id;
  const result = await apiFetch<IdentityResult>(`${CLIENTS_PATH}/${isUpdate ? 'update' : 'insert'}`, {
    method: 'POST',
    json: input,
    headers: isUpdate ? {} : idempotencyHeader(idempotencyKey),
  });
  if (result.succeeded) await revalidateUnder(CLIENTS_PATH);
  return result;
}

export async function deleteClient(id: string): Promise<IdentityResult> {
  const result = await apiFetch<IdentityResult>(IDENTITY_PATHS.clientDelete, { method: 'POST', json: { id } });
  await revalidateUnder(CLIENTS_PATH);
  return result;
}

// ── The signed-in user's two-factor sign-in ───────────────────────────────────────────────────

export function useTwoFactorStatus() {
  return useApi<TwoFactorStatus>(TWO_FACTOR_PATH);
}

export function beginTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>(`${TWO_FACTOR_PATH}/setup`, { method: 'POST' });
}

export async function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  const codes = await apiFetch<RecoveryCodes>(`${TWO_FACTOR_PATH}/enable`, { method: 'POST', json: { code } });
  await mutate(TWO_FACTOR_PATH);
  return codes;
}

export async function disableTwoFactor(code: string): Promise<void> {
  await apiFetch<void>(`${TWO_FACTOR_PATH}/disable`, { method: 'POST', json: { code } });
  await mutate(TWO_FACTOR_PATH);
}

export async function renewRecoveryCodes(code: string): Promise<RecoveryCodes> {
  const codes = await apiFetch<RecoveryCodes>(`${TWO_FACTOR_PATH}/recovery-codes`, { method: 'POST', json: { code } });
  await mutate(TWO_FACTOR_PATH);
  return codes;
}
