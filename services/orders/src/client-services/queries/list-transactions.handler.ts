import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ServiceTransaction } from '@backoffice/contracts';
import type { Reader } from '../client-service-access.policy';
import { ClientServiceRepository } from '../client-service.repository';
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
  constructor(private readonly clientServices: ClientServiceRepository) {}

  async execute({ clientServiceId, reader }: ListTransactionsQuery): Promise<ServiceTransaction[]> {
    const { transactions, files } = await this.clientServices.transactions(clientServiceId, reader);
    const byId = new Map(files.map((file) => [file.id, file]));
    return transactions.map((record) => toServiceTransaction(record, byId));
  }
}
