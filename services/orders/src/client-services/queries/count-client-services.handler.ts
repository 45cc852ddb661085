import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CLIENT_SERVICE_STATUSES, type ClientServiceCounts, type ClientServiceStatus } from '@backoffice/contracts';
import { seesAllClientServices, type Reader } from '../client-service-access.policy';
import { ClientServiceRepository } from '../client-service.repository';

/** A provider's start: their client services by status, and this week's new and completed; every one for a Manager. */
export class CountClientServicesQuery extends Query<ClientServiceCounts> {
  constructor(
    readonly reader: Reader,
    readonly tz: string,
  ) {
    super();
  }
}

@QueryHandler(CountClientServicesQuery)
export class CountClientServicesHandler implements IQueryHandler<CountClientServicesQuery, ClientServiceCounts> {
  constructor(private readonly clientServices: ClientServiceRepository) {}

  async execute({ reader, tz }: CountClientServicesQuery): Promise<ClientServiceCounts> {
    const own = !seesAllClientServices(reader);
    const rows = await this.clientServices.countByStatus(tz, own ? reader.id : undefined);
    const byStatus = Object.fromEntries(CLIENT_SERVICE_STATUSES.map((status) => [status, 0])) as Record<ClientServiceStatus, number>;
    let newThisWeek = 0;
    let completedThisWeek = 0;
    for (const row of rows) {
      byStatus[row.status] = row.count;
      newThisWeek += row.created;
      completedThisWeek += row.completed;
    }
    return { byStatus, open: byStatus.Created + byStatus.Verified + byStatus.Filled, newThisWeek, completedThisWeek };
  }
}
