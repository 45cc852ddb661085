import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Page } from '@backoffice/contracts';
import { fetchFromReplicas, SERVICE_CONFIG, UnavailableError } from '@backoffice/platform';
import type { CrmConfig } from '../crm.config';

interface IdentityUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  active: boolean;
}

export interface Agent {
  userId: string;
  name: string;
}

/**
 * Sales agents come from identity. Before leads are given to agents, they are asked for over HTTP
 * (forwarding the caller's token): only active users with the Salesagent role may receive leads.
 * What identity answers is kept in sales_agents, which every list reads sellers' names from.
 */
@Injectable()
export class AgentDirectory {
  private readonly logger = new Logger('AgentDirectory');

  constructor(@Inject(SERVICE_CONFIG) private readonly config: CrmConfig) {}

  /** The active sales agents among `userIds`; the others are left out (the caller says what to do). */
  async activeAgents(em: EntityManager, userIds: readonly string[], authorization: string | undefined): Promise<Map<string, Agent>> {
    const wanted = new Set(userIds);
    const found = new Map<string, Agent>();
    for (let page = 1; found.size < wanted.size; page++) {
      const result = await this.fetchPage(page, authorization);
      for (const user of result.items) {
        if (wanted.has(user.id) && user.active && user.roles.includes('Salesagent'))
          found.set(user.id, { userId: user.id, name: user.name });
        if (wanted.has(user.id)) await this.remember(em, user);
      }
      if (page * result.pageSize >= result.total || result.items.length === 0) break;
    }
    return found;
  }

  private async remember(em: EntityManager, user: IdentityUser): Promise<void> {
    await em.execute(
      `insert into sales_agents (user_id, name, email, updated_at) values (?, ?, ?, now())
       on conflict (user_id) do update set name = excluded.name, email = excluded.email, updated_at = now()`,
      [user.id, user.name, user.email],
    );
  }

  private async fetchPage(page: number, authorization: string | undefined): Promise<Page<IdentityUser>> {
    const query = new URLSearchParams({ role: 'Salesagent', page: String(page), pageSize: '200' });
    let response: Response;
    try {
      response = await fetchFromReplicas(this.config.IDENTITY_URL, `/api/identity/users?${query}`, {
        headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
        timeoutMs: 5000,
      });
    } catch (error) {
      this.logger.warn(`identity unreachable: ${(error as Error).message}`);
      throw new UnavailableError('The identity service is unavailable, so sales agents cannot be checked; try again shortly.');
    }
    if (!response.ok) {
      this.logger.warn(`identity answered ${response.status} to the sales agent list`);
      throw new UnavailableError(`The identity service refused the sales agent list (HTTP ${response.status}); try again shortly.`);
    }
    return (await response.json()) as Page<IdentityUser>;
  }
}
