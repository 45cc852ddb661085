import { Inject, Injectable } from '@nestjs/common';
import type { Branch, StaffUser } from '@backoffice/contracts';
import { NotFoundError, SERVICE_CONFIG, UnavailableError } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { getFromService } from './service-call';

export interface BranchRef {
  id: number;
  /** null when the scheduling service is not configured (standalone). */
  name: string | null;
  active: boolean;
}

export interface ProviderRef {
  id: string;
  name: string | null;
  isProvider: boolean;
  active: boolean;
}

/**
 * Checks and names the branch (scheduling) and the service provider (identity) of an assignment,
 * so the client service keeps their names for everyone who reads it (a provider may not list branches).
 */
@Injectable()
export class DirectoryClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: OrdersConfig) {}

  async branch(id: number, authorization?: string, requestId?: string): Promise<BranchRef> {
    if (!this.config.SCHEDULING_URL) return { id, name: null, active: true };
    const answer = await getFromService<Branch>('scheduling', this.config.SCHEDULING_URL, `/api/branches/${id}`, {
      authorization,
      timeoutMs: this.config.SERVICE_CALL_TIMEOUT_MS,
      requestId,
    });
    if (answer.status === 404) throw new NotFoundError('Branch', id);
    if (answer.status !== 200 || !answer.body) {
      throw new UnavailableError(`The scheduling service answered HTTP ${answer.status} for branch ${id}.`);
    }
    return { id, name: answer.body.name, active: answer.body.active !== false };
  }

  async provider(id: string, authorization?: string, requestId?: string): Promise<ProviderRef> {
    if (!this.config.IDENTITY_URL) return { id, name: null, isProvider: true, active: true };
    const answer = await getFromService<StaffUser>('identity', this.config.IDENTITY_URL, `/api/identity/users/${id}`, {
      authorization,
      timeoutMs: this.config.SERVICE_CALL_TIMEOUT_MS,
      requestId,
    });
    if (answer.status === 404) throw new NotFoundError('User', id);
    if (answer.status !== 200 || !answer.body) {
      throw new UnavailableError(`The identity service answered HTTP ${answer.status} for user ${id}.`);
    }
    return {
      id,
      name: answer.body.name,
      isProvider: (answer.body.roles ?? []).includes('ServiceProvider'),
      active: answer.body.active !== false,
    };
  }
}
