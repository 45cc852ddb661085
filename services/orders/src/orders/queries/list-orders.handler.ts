import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/postgresql';
import type { OrderStatus, OrderSummary, Page } from '@backoffice/contracts';
import { containsPattern, pageOffset, toPage } from '@backoffice/platform';
import { decimalToNumber } from '../order.view';

export interface OrderFilter {
  search?: string;
  status?: OrderStatus;
}

/** The filter of the orders list and its export: status, and a substring of id, name, contact, email or address. */
export function applyOrderFilter(query: Knex.QueryBuilder, filter: OrderFilter): Knex.QueryBuilder {
  if (filter.status) query.where('status', filter.status);
  if (filter.search) query.where('search_text', 'like', containsPattern(filter.search.toLowerCase()));
  return query;
}

export const ORDER_LIST_COLUMNS = [
  'id',
  'created_date',
  'amount',
  'name',
  'contact_info',
  'email',
  'state',
  'county',
  'city',
  'zip_code',
  'status',
];

export interface OrderRow {
  id: string;
  created_date: Date;
  amount: string;
  name: string;
  contact_info: string;
  email: string | null;
  state: string;
  county: string;
  city: string;
  zip_code: string;
  status: OrderStatus;
}

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
  constructor(private readonly em: EntityManager) {}

  async execute({ filter, page, pageSize }: ListOrdersQuery): Promise<Page<OrderSummary>> {
    const knex = this.em.getKnex();
    const [counted, rows] = await Promise.all([
      applyOrderFilter(knex('orders'), filter).count<{ count: string }[]>({ count: '*' }),
      applyOrderFilter(knex('orders'), filter)
        .select(ORDER_LIST_COLUMNS)
        .orderBy([
          { column: 'created_date', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(pageSize)
        .offset(pageOffset(page, pageSize)),
    ]);
    return toPage((rows as OrderRow[]).map(rowToSummary), Number(counted[0]?.count ?? 0), { page, pageSize });
  }
}
