import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type {
  Client,
  ClientInsertSchema,
  ClientListQuerySchema,
  ClientUpdateSchema,
  IdentityError,
  IdentityResult,
  Page,
} from '@backoffice/contracts';
import { containsPattern, NotFoundError, sortedPage } from '@backoffice/platform';
import { hashPassword } from '../auth/password.hasher';
import { ClientAccountEntity } from './client.entity';
import { clientAccountErrors, duplicateEmailError, normalizeEmail } from './client-account.policy';

type ClientListQuery = z.output<typeof ClientListQuerySchema>;
type ClientInsert = z.output<typeof ClientInsertSchema>;
type ClientUpdate = z.output<typeof ClientUpdateSchema>;

export function toClient(client: ClientAccountEntity): Client {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    username: client.username,
    phoneNumber: client.phoneNumber,
    dateCreated: client.dateCreated.toISOString(),
  };
}

const failed = (errors: IdentityError[]): IdentityResult => ({ succeeded: false, errors });

/** Client (customer) accounts, with the product's IdentityResult answers: `{succeeded, errors:[{code, description}]}`. */
@Injectable()
export class ClientsService {
  constructor(private readonly em: EntityManager) {}

  async list(query: ClientListQuery): Promise<Page<Client>> {
    const qb = this.em.fork().createQueryBuilder(ClientAccountEntity, 'c');
    if (query.search) {
      qb.where(`(c.name || ' ' || c.email || ' ' || c.phone_number) ilike ?`, [containsPattern(query.search)]);
    }
    return sortedPage(qb, query, toClient);
  }

  private async find(em: EntityManager, id: string): Promise<ClientAccountEntity> {
    const client = await em.findOne(ClientAccountEntity, { id });
    if (!client) throw new NotFoundError('Client', id);
    return client;
  }

  async byId(id: string): Promise<Client> {
    return toClient(await this.find(this.em.fork(), id));
  }

  private async emailTaken(em: EntityManager, email: string, exceptId?: string): Promise<boolean> {
    return (await em.count(ClientAccountEntity, { email, ...(exceptId ? { id: { $ne: exceptId } } : {}) })) > 0;
  }

  /** Flushes a client's insert or update: the answer with its id, or the duplicate-email error another request won. */
  private async saved(em: EntityManager, email: string, id: string): Promise<IdentityResult> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return failed([duplicateEmailError(email)]);
      throw error;
    }
    return { succeeded: true, errors: [], id };
  }

  async insert(input: ClientInsert): Promise<IdentityResult> {
    const email = normalizeEmail(input.email);
    const errors = clientAccountErrors({ email, phoneNumber: input.phoneNumber, passCode: input.passCode });
    if (errors.length) return failed(errors);
    const em = this.em.fork();
    if (await this.emailTaken(em, email)) return failed([duplicateEmailError(email)]);
    const now = new Date();
    const client = em.create(ClientAccountEntity, {
      name: input.name,
      email,
      username: email,
      phoneNumber: input.phoneNumber,
      passCodeHash: await hashPassword(input.passCode),
      dateCreated: now,
      updatedAt: now,
    });
    return this.saved(em, email, client.id);
  }

  async update(input: ClientUpdate): Promise<IdentityResult> {
    const em = this.em.fork();
    const client = await this.find(em, input.id);
    const email = normalizeEmail(input.email);
    const errors = clientAccountErrors({ email, phoneNumber: input.phoneNumber });
    if (errors.length) return failed(errors);
    if (await this.emailTaken(em, email, client.id)) return failed([duplicateEmailError(email)]);
    Object.assign(client, { name: input.name, email, username: email, phoneNumber: input.phoneNumber, updatedAt: new Date() });
    return this.saved(em, email, client.id);
  }

  async delete(id: string): Promise<IdentityResult> {
    const em = this.em.fork();
    await em.remove(await this.find(em, id)).flush();
    return { succeeded: true, errors: [], id };
  }
}
