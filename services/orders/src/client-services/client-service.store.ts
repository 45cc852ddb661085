import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenError, NotFoundError } from '@backoffice/platform';
import { ClientServiceEntity } from './client-service.entity';
import { ClientServiceAggregate } from './client-service.aggregate';
import { mayAccessClientService, type Reader } from './client-service-access.policy';
import { ClientServiceEventOutbox } from './client-service.events';

/**
 * Loads and saves ClientService aggregates: a change runs in one transaction with the row locked,
 * its events go to the outbox in that transaction, and to the in-process event bus after commit.
 */
@Injectable()
export class ClientServiceStore {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: EventPublisher,
    private readonly events: ClientServiceEventOutbox,
  ) {}

  /** The current state without a lock (for checks before a change), or a 404. */
  async get(id: string): Promise<ClientServiceEntity> {
    const state = await this.em.fork().findOne(ClientServiceEntity, { id });
    if (!state) throw new NotFoundError('Client service', id);
    return state;
  }

  async change<R>(id: string, work: (aggregate: ClientServiceAggregate, em: EntityManager) => Promise<R> | R): Promise<R> {
    let aggregate: ClientServiceAggregate | undefined;
    const result = await this.em.fork().transactional(async (em) => {
      const state = await em.findOne(ClientServiceEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!state) throw new NotFoundError('Client service', id);
      aggregate = this.publisher.mergeObjectContext(new ClientServiceAggregate(state));
      const outcome = await work(aggregate, em);
      this.events.write(em, aggregate.getUncommittedEvents());
      return outcome;
    });
    aggregate?.commit();
    return result;
  }

  /** Saves a new aggregate (ClientServiceAggregate.submit) with its events, inside the caller's transaction. */
  add(em: EntityManager, aggregate: ClientServiceAggregate): ClientServiceAggregate {
    const merged = this.publisher.mergeObjectContext(aggregate);
    em.persist(merged.state);
    this.events.write(em, merged.getUncommittedEvents());
    return merged;
  }
}

/** A client service the reader may see, or 404 / 403. */
export async function readableClientService(em: EntityManager, id: string, reader: Reader): Promise<ClientServiceEntity> {
  const cs = await em.findOne(ClientServiceEntity, { id });
  if (!cs) throw new NotFoundError('Client service', id);
  if (!mayAccessClientService(reader, cs)) throw new ForbiddenError('This client service is not assigned to you.');
  return cs;
}
