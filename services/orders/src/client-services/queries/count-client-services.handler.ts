import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { CLIENT_SERVICE_STATUSES, type ClientServiceCounts, type ClientServiceStatus } from '@backoffice/contracts';
import { seesAllClientServices, type Reader } from '../client-service-access.policy';

/** The start of this week (Monday 00:00) in the caller's time zone, as an instant. */
const WEEK_START = `(date_trunc('week', now() at time zone ?::text) at time zone ?::text)`;

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
  constructor(private readonly em: EntityManager) {}

  async execute({ reader, tz }: CountClientServicesQuery): Promise<ClientServiceCounts> {
    const own = !seesAllClientServices(reader);
    const rows = await this.em.execute<{ status: ClientServiceStatus; count: number; created: number; completed: number }[]>(
      `select status, count(*)::int as count,
              (count(*) filter (where created_date >= ${WEEK_START}))::int as created,
              (count(*) filter (where status = 'Completed' and fulfillment_date >= ${WEEK_START}))::int as completed
         from client_services${own ? ' where provider_id = ?' : ''}
        group by status`,
      [tz, tz, tz, tz, ...(own ? [reader.id] : [])],
    );
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
