import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ClientServiceDetail } from '@backoffice/contracts';
import type { Reader } from '../client-service-access.policy';
import { ClientServiceRepository } from '../client-service.repository';
import { toClientServiceDetail } from '../client-service.view';

export class GetClientServiceQuery extends Query<ClientServiceDetail> {
  constructor(
    readonly id: string,
    readonly reader: Reader,
  ) {
    super();
  }
}

@QueryHandler(GetClientServiceQuery)
export class GetClientServiceHandler implements IQueryHandler<GetClientServiceQuery, ClientServiceDetail> {
  constructor(private readonly clientServices: ClientServiceRepository) {}

  async execute({ id, reader }: GetClientServiceQuery): Promise<ClientServiceDetail> {
    return toClientServiceDetail(await this.clientServices.withContext(id, reader));
  }
}
