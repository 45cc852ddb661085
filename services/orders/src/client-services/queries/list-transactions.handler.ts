import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceTransaction } from '@backoffice/contracts';
import type { Reader } from '../client-service-access.policy';
import { readableClientService } from '../client-service.store';
import { ClientServiceFileEntity } from '../client-service-file.entity';
import { ServiceTransactionEntity } from '../service-transaction.entity';
import { toServiceTransaction } from '../client-service.view';

/** GET /api/ServiceTransaction/{clientServiceId}: its transactions, oldest first, with their images. */
export class ListTransactionsQuery extends Query<ServiceTransaction[]> {
  constructor(
    readonly clientServiceId: string,
    readonly reader: Reader,
  ) {
    super();
  }
}

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery, ServiceTransaction[]> {
  constructor(private readonly em: EntityManager) {}

  async execute({ clientServiceId, reader }: ListTransactionsQuery): Promise<ServiceTransaction[]> {
    const em = this.em.fork();
    await readableClientService(em, clientServiceId, reader);
    const [transactions, files] = await Promise.all([
      em.find(ServiceTransactionEntity, { clientServiceId }, { orderBy: { date: 'asc', id: 'asc' } }),
      em.find(ClientServiceFileEntity, { clientServiceId, kind: 'transaction' }),
    ]);
    const byId = new Map(files.map((file) => [file.id, file]));
    return transactions.map((record) => toServiceTransaction(record, byId));
  }
}
