import { Injectable } from '@nestjs/common';
import { type EntityManager as AnyEntityManager, LockMode, type RequiredEntityData } from '@mikro-orm/core';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import { centsToDecimal, fromCents, ORDERS_ORDER_TOPIC, type OrderCreatedData, type OrderStatus } from '@backoffice/contracts';
import { containsPattern, type NewEvent, NotFoundError, OutboxService, pageOffset } from '@backoffice/platform';
import { CatalogueReadModel } from '../catalogue-read-model/catalogue-read-model.service';
import type { CatalogueServiceEntity } from '../catalogue-read-model/catalogue-service.entity';
import { ClientServiceEntity } from '../client-services/client-service.entity';
import { OrderEntity } from './order.entity';
import { OrderItemEntity } from './order-item.entity';
import type { PricedOrder } from './order-pricing.policy';

export interface OrderFilter {
  search?: string;
  status?: OrderStatus;
}

/** The filter of the orders list and its export: status, and a substring of id, name, contact, email or address. */
function applyOrderFilter(query: Knex.QueryBuilder, filter: OrderFilter): Knex.QueryBuilder {
  if (filter.status) query.where('status', filter.status);
  if (filter.search) query.where('search_text', 'like', containsPattern(filter.search.toLowerCase()));
  return query;
}

const ORDER_LIST_COLUMNS = [
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

/** A row of the orders list and its export. */
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

/** A row of the export, with its keyset: the timestamp as PostgreSQL's text (a JS Date would drop its microseconds). */
export type OrderExportRow = OrderRow & { created_key: string };

/** An order with its lines in their order, and the client service (id) of each submitted line. */
export interface OrderWithLines {
  order: OrderEntity;
  items: OrderItemEntity[];
  clientServices: Pick<ClientServiceEntity, 'id' | 'serviceId'>[];
}

/** What a change of an order writes besides the order itself: its events, to the outbox in the change's transaction. */
export interface OrderEvents {
  add<T>(event: NewEvent<T>): void;
}

/**
 * The reads and writes of the order aggregate (orders and their lines): the orders list and its export, a
 * receipt, an order's total for the other services, intake and the changes of an order.
 */
@Injectable()
export class OrderRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  /** An order's id and total (the internal existence check), or null. */
  total(id: string): Promise<Pick<OrderEntity, 'id' | 'amount'> | null> {
    return this.em.fork().findOne(OrderEntity, { id }, { fields: ['id', 'amount'] });
  }

  /** An order with its lines and the client services submitted from them, or null when there is no such order. */
  async withLines(id: string): Promise<OrderWithLines | null> {
    const em = this.em.fork();
    const order = await em.findOne(OrderEntity, { id });
    if (!order) return null;
    const [items, clientServices] = await Promise.all([
      em.find(OrderItemEntity, { orderId: id }, { orderBy: { position: 'asc' } }),
      em.find(ClientServiceEntity, { orderId: id }, { fields: ['id', 'serviceId'] }),
    ]);
    return { order, items, clientServices };
  }

  /** One page of the orders list, newest first, and how many orders match the filter. */
  async page(filter: OrderFilter, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
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
    return { rows: rows as OrderRow[], total: Number(counted[0]?.count ?? 0) };
  }

  /** The export's next batch, newest first: the orders after `cursor` (keyset on created date and id). */
  async exportBatch(filter: OrderFilter, cursor: { created: string; id: string } | undefined, limit: number): Promise<OrderExportRow[]> {
    const knex = this.em.getKnex();
    const query = applyOrderFilter(knex('orders'), filter).select([...ORDER_LIST_COLUMNS, knex.raw('created_date::text as created_key')]);
    if (cursor) {
      const { created, id } = cursor;
      query.whereRaw('(created_date, id) < (?::timestamptz, ?::uuid)', [created, id]);
    }
    return (await query
      .orderBy([
        { column: 'created_date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)) as OrderExportRow[];
  }

  /** One intake's reads and its write, on one fork (a retry's check, the catalogue's services, the new order). */
  intake(): OrderIntake {
    return new OrderIntake(this.em.fork(), this.outbox, this.catalogue);
  }

  /**
   * Changes one order in a transaction with its row locked (404 when there is none): `work` changes the entity and
   * adds its events, which commit with the change.
   */
  change<R>(id: string, work: (order: OrderEntity, events: OrderEvents) => R | Promise<R>): Promise<R> {
    return this.em.fork().transactional(async (em) => {
      const order = await em.findOne(OrderEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw new NotFoundError('Order', id);
      return work(order, { add: (event) => void this.outbox.add(em, event) });
    });
  }
}

/** Order intake's data access, on the one fork `OrderRepository.intake()` made. */
export class OrderIntake {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  /** The order already taken with this client-made id (its id and intake fingerprint), or null. */
  taken(id: string): Promise<Pick<OrderEntity, 'id' | 'intakeFingerprint'> | null> {
    return this.em.findOne(OrderEntity, { id }, { fields: ['id', 'intakeFingerprint'] });
  }

  /** The catalogue read model's services with these ids, by id. */
  services(ids: number[]): Promise<Map<number, CatalogueServiceEntity>> {
    return this.catalogue.byIds(this.em, ids);
  }

  /** Writes the priced order, its lines and its `created` event in one transaction. */
  place(order: NewOrder): Promise<OrderEntity> {
    return this.em.transactional(async (tx) => writeOrder(tx, this.outbox, order));
  }
}

/** A new order's own fields: who ordered, where to, when; its money comes from its price. */
export type OrderCustomer = Omit<RequiredEntityData<OrderEntity>, 'subtotal' | 'discount' | 'taxRate' | 'tax' | 'shippingFee' | 'amount'>;

export interface NewOrder {
  customer: OrderCustomer;
  price: PricedOrder;
  /** The geography rate the price was taxed at (percent). */
  taxRate: number;
  /** Per priced line, in its order: the catalogue service it orders and the line's own data. */
  lines: { service: { name: string; deliveryType: string }; jsonData?: Record<string, unknown> }[];
}

/**
 * Writes a priced order in `tx`: the order, a row per line and its `created` event. Order intake and the
 * demo seed both place orders this way, so a demo order is what intake would have written.
 */
export function writeOrder(tx: AnyEntityManager, outbox: OutboxService, { customer, price, taxRate, lines }: NewOrder): OrderEntity {
  const order = tx.create(OrderEntity, {
    ...customer,
    subtotal: centsToDecimal(price.subtotalCents),
    discount: centsToDecimal(price.discountCents),
    taxRate: taxRate.toFixed(4),
    tax: centsToDecimal(price.taxCents),
    shippingFee: centsToDecimal(price.shippingCents),
    amount: centsToDecimal(price.amountCents),
  });
  const items = price.lines.map((line, position) =>
    tx.create(OrderItemEntity, {
      orderId: order.id,
      itemId: line.itemId,
      position,
      itemName: lines[position].service.name,
      itemType: lines[position].service.deliveryType,
      amount: centsToDecimal(line.unitCents),
      quantity: line.quantity,
      total: centsToDecimal(line.totalCents),
      jsonData: lines[position].jsonData ?? {},
    }),
  );
  outbox.add<OrderCreatedData>(tx, {
    topic: ORDERS_ORDER_TOPIC,
    type: 'created',
    subject: order.id,
    data: {
      orderId: order.id,
      userId: order.userId,
      name: order.name,
      phone: order.contactInfo,
      email: order.email,
      amount: fromCents(price.amountCents),
      discount: fromCents(price.discountCents),
      tax: fromCents(price.taxCents),
      shippingFee: fromCents(price.shippingCents),
      items: items.map((item) => ({ itemId: item.itemId, itemName: item.itemName, quantity: item.quantity, total: Number(item.total) })),
      createdDate: order.createdDate.toISOString(),
    },
  });
  return order;
}
