import type { Role } from '@backoffice/contracts';

export interface Reader {
  id: string;
  roles: readonly Role[] | readonly string[];
}

/** Admin and Manager see every client service. */
export function seesAllClientServices(reader: Reader): boolean {
  return reader.roles.includes('Admin') || reader.roles.includes('Manager');
}

/** A ServiceProvider sees, and adds transactions to, only the client services assigned to them. */
export function mayAccessClientService(reader: Reader, clientService: { providerId: string | null }): boolean {
  if (seesAllClientServices(reader)) return true;
  return reader.roles.includes('ServiceProvider') && clientService.providerId !== null && clientService.providerId === reader.id;
}
