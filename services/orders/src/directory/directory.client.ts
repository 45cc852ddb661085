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
    const branch = await this.record<Branch>(
      { service: 'scheduling', urls: this.config.SCHEDULING_URL, path: `/api/branches/${id}`, what: 'Branch', id },
      authorization,
      requestId,
    );
    return { id, name: branch.name, active: branch.active !== false };
  }

  async provider(id: string, authorization?: string, requestId?: string): Promise<ProviderRef> {
    if (!this.config.IDENTITY_URL) return { id, name: null, isProvider: true, active: true };
    const user = await this.record<StaffUser>(
      { service: 'identity', urls: this.config.IDENTITY_URL, path: `/api/identity/users/${id}`, what: 'User', id },
      authorization,
      requestId,
    );
    return { id, name: user.name, isProvider: (user.roles ?? []).includes('ServiceProvider'), active: user.active !== false };
  }

  /** One record of another service: a 404 is the record not found, any other answer but a 200 with a body the service unavailable. */
  private async record<T>(
    { service, urls, path, what, id }: { service: string; urls: string; path: string; what: string; id: number | string },
    authorization?: string,
    requestId?: string,
  ): Promise<T> {
    const answer = await getFromService<T>(service, urls, path, {
      authorization,
      timeoutMs: this.config.SERVICE_CALL_TIMEOUT_MS,
      requestId,
    });
    if (answer.status === 404) throw new NotFoundError(what, id);
    if (answer.status !== 200 || !answer.body) {
      throw new UnavailableError(`The ${service} service answered HTTP ${answer.status} for ${what.toLowerCase()} ${id}.`);
    }
    return answer.body;
  }
}
