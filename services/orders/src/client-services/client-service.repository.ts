import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ClientServiceStatus } from '@backoffice/contracts';
import { ForbiddenError, NotFoundError, pageOffset } from '@backoffice/platform';
import { CatalogueReadModel } from '../catalogue-read-model/catalogue-read-model.service';
import { CatalogueServiceEntity } from '../catalogue-read-model/catalogue-service.entity';
import { OrderEntity } from '../orders/order.entity';
import { OrderItemEntity } from '../orders/order-item.entity';
import { ClientServiceEntity } from './client-service.entity';
import { ClientServiceAggregate } from './client-service.aggregate';
import { mayAccessClientService, type Reader } from './client-service-access.policy';
import { ClientServiceFileEntity } from './client-service-file.entity';
import { clientServiceSearchCondition } from './client-service-search.policy';
import { ClientServiceEventOutbox } from './client-service.events';
import { ServiceTransactionEntity } from './service-transaction.entity';

/** The start of this week (Monday 00:00) in the caller's time zone, as an instant. */
const WEEK_START = `(date_trunc('week', now() at time zone ?::text) at time zone ?::text)`;

/** Which client services a list shows: a provider's own (`providerId`) or every one, by status and search. */
export interface ClientServiceCriteria {
  providerId?: string;
  status?: ClientServiceStatus;
  search?: string;
}

/** Per status: how many client services, and how many were created and completed this week. */
export interface ClientServiceStatusCount {
  status: ClientServiceStatus;
  count: number;
  created: number;
  completed: number;
}

/** What a client service's detail shows besides the client service itself. */
export interface ClientServiceWithContext {
  cs: ClientServiceEntity;
  order: OrderEntity | null;
  service: CatalogueServiceEntity | undefined;
  files: ClientServiceFileEntity[];
  transactions: ServiceTransactionEntity[];
}

/**
 * The reads and writes of the ClientService aggregate (client services, their transactions and files): a change
 * runs in one transaction with the row locked, its events go to the outbox in that transaction, and to the
 * in-process event bus after commit; a submission runs in a transaction of its own (inTransaction).
 */
@Injectable()
export class ClientServiceRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: EventPublisher,
    private readonly events: ClientServiceEventOutbox,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  /** The current state without a lock (for checks before a change), or a 404. */
  async get(id: string): Promise<ClientServiceEntity> {
    const state = await this.em.fork().findOne(ClientServiceEntity, { id });
    if (!state) throw new NotFoundError('Client service', id);
    return state;
  }

  async change<R>(id: string, work: (aggregate: ClientServiceAggregate, tx: ClientServiceTransaction) => Promise<R> | R): Promise<R> {
    let aggregate: ClientServiceAggregate | undefined;
    const result = await this.em.fork().transactional(async (em) => {
      const state = await em.findOne(ClientServiceEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!state) throw new NotFoundError('Client service', id);
      aggregate = this.publisher.mergeObjectContext(new ClientServiceAggregate(state));
      const outcome = await work(aggregate, this.transaction(em));
      this.events.write(em, aggregate.getUncommittedEvents());
      return outcome;
    });
    aggregate?.commit();
    return result;
  }

  /** Runs `work` in one transaction (on a fork); it commits when `work` resolves, rolls back when it throws. */
  inTransaction<R>(work: (tx: ClientServiceTransaction) => Promise<R>): Promise<R> {
    return this.em.fork().transactional((em) => work(this.transaction(em)));
  }

  /** A client service the reader may see (404 / 403), with its order, catalogue service, files and transactions. */
  async withContext(id: string, reader: Reader): Promise<ClientServiceWithContext> {
    const em = this.em.fork();
    const cs = await readableClientService(em, id, reader);
    const [order, service, files, transactions] = await Promise.all([
      em.findOne(OrderEntity, { id: cs.orderId }),
      em.findOne(CatalogueServiceEntity, { id: cs.serviceId }),
      em.find(ClientServiceFileEntity, { clientServiceId: id }, { orderBy: { createdAt: 'asc' } }),
      em.find(ServiceTransactionEntity, { clientServiceId: id }, { orderBy: { date: 'asc', id: 'asc' } }),
    ]);
    return { cs, order, service: service ?? undefined, files, transactions };
  }

  /** The transactions of a client service the reader may see (404 / 403), oldest first, and its transaction images. */
  async transactions(
    clientServiceId: string,
    reader: Reader,
  ): Promise<{ transactions: ServiceTransactionEntity[]; files: ClientServiceFileEntity[] }> {
    const em = this.em.fork();
    await readableClientService(em, clientServiceId, reader);
    const [transactions, files] = await Promise.all([
      em.find(ServiceTransactionEntity, { clientServiceId }, { orderBy: { date: 'asc', id: 'asc' } }),
      em.find(ClientServiceFileEntity, { clientServiceId, kind: 'transaction' }),
    ]);
    return { transactions, files };
  }

  /** Every client service that matches, newest first. */
  all(criteria: ClientServiceCriteria): Promise<ClientServiceEntity[]> {
    return this.listQuery(criteria).getResultList();
  }

  /** One page of the client services that match, newest first, and how many match. */
  page(criteria: ClientServiceCriteria, page: number, pageSize: number): Promise<[ClientServiceEntity[], number]> {
    return this.listQuery(criteria).limit(pageSize).offset(pageOffset(page, pageSize)).getResultAndCount();
  }

  /** Client services by status (a provider's own when `providerId` is given), with this week's new and completed in `tz`. */
  countByStatus(tz: string, providerId?: string): Promise<ClientServiceStatusCount[]> {
    const own = providerId !== undefined;
    return this.em.execute<ClientServiceStatusCount[]>(
      `select status, count(*)::int as count,
              (count(*) filter (where created_date >= ${WEEK_START}))::int as created,
              (count(*) filter (where status = 'Completed' and fulfillment_date >= ${WEEK_START}))::int as completed
         from client_services${own ? ' where provider_id = ?' : ''}
        group by status`,
      [tz, tz, tz, tz, ...(own ? [providerId] : [])],
    );
  }

  private listQuery(criteria: ClientServiceCriteria) {
    const qb = this.em.fork().createQueryBuilder(ClientServiceEntity, 'cs');
    if (criteria.providerId !== undefined) qb.andWhere({ providerId: criteria.providerId });
    if (criteria.status) qb.andWhere({ status: criteria.status });
    if (criteria.search) {
      const { sql, params } = clientServiceSearchCondition(criteria.search);
      qb.andWhere(sql, params);
    }
    qb.orderBy({ createdDate: 'desc', id: 'desc' });
    return qb;
  }

  private transaction(em: EntityManager): ClientServiceTransaction {
    return new ClientServiceTransaction(em, this.publisher, this.events, this.catalogue);
  }
}

/** The repository's reads and writes inside one transaction (ClientServiceRepository.change and inTransaction). */
export class ClientServiceTransaction {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: EventPublisher,
    private readonly events: ClientServiceEventOutbox,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  /** The order a client service is submitted from, or null. */
  order(orderId: string): Promise<OrderEntity | null> {
    return this.em.findOne(OrderEntity, { id: orderId });
  }

  /** The order item a client service is submitted from, or null. */
  orderItem(orderId: string, itemId: number): Promise<OrderItemEntity | null> {
    return this.em.findOne(OrderItemEntity, { orderId, itemId });
  }

  /** Serialises submissions of one order item until the transaction ends; the unique (order_id, service_id) is the last word. */
  async lockSubmission(orderId: string, itemId: number): Promise<void> {
    await this.em
      .getConnection()
      .execute('select pg_advisory_xact_lock(hashtext(?))', [`${orderId}:${itemId}`], 'all', this.em.getTransactionContext());
  }

  /** The client service already submitted from this order item, or null. */
  submitted(orderId: string, itemId: number): Promise<ClientServiceEntity | null> {
    return this.em.findOne(ClientServiceEntity, { orderId, serviceId: itemId });
  }

  /** The catalogue read model's service, if it has one with this id. */
  async catalogueService(serviceId: number): Promise<CatalogueServiceEntity | undefined> {
    return (await this.catalogue.byIds(this.em, [serviceId])).get(serviceId);
  }

  /** Files with these ids (none asked, none read). */
  async files(ids: string[]): Promise<ClientServiceFileEntity[]> {
    return ids.length ? await this.em.find(ClientServiceFileEntity, { id: { $in: ids } }) : [];
  }

  /** Saves a recorded transaction of the client service. */
  addTransaction(transaction: ServiceTransactionEntity): void {
    this.em.persist(transaction);
  }

  /** Saves a new aggregate (ClientServiceAggregate.submit) with its events; its events reach the bus on `commit()`. */
  add(aggregate: ClientServiceAggregate): ClientServiceAggregate {
    const merged = this.publisher.mergeObjectContext(aggregate);
    this.em.persist(merged.state);
    this.events.write(this.em, merged.getUncommittedEvents());
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
