import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { OrderSummary, Page } from '@backoffice/contracts';
import { toPage } from '@backoffice/platform';
import { type OrderFilter, OrderRepository, type OrderRow } from '../order.repository';
import { decimalToNumber } from '../order.view';

export function rowToSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    createdDate: new Date(row.created_date).toISOString(),
    amount: decimalToNumber(row.amount),
    name: row.name,
    contactInfo: row.contact_info,
    state: row.state,
    county: row.county,
    city: row.city,
    zipCode: row.zip_code,
    status: row.status,
  };
}

/** A page of orders, newest first. */
export class ListOrdersQuery extends Query<Page<OrderSummary>> {
  constructor(
    readonly filter: OrderFilter,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, Page<OrderSummary>> {
  constructor(private readonly orders: OrderRepository) {}

  async execute({ filter, page, pageSize }: ListOrdersQuery): Promise<Page<OrderSummary>> {
    const { rows, total } = await this.orders.page(filter, page, pageSize);
    return toPage(rows.map(rowToSummary), total, { page, pageSize });
  }
}
