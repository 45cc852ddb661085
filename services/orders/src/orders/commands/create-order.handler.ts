import { Command, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { EntityManager as AnyEntityManager, RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  centsToDecimal,
  fromCents,
  ORDERS_ORDER_TOPIC,
  toCents,
  type CreateOrderValues,
  type FieldError,
  type OrderCreatedData,
  type OrderDetail,
} from '@backoffice/contracts';
import { ConflictError, InvalidInputError, OutboxService, requestFingerprint } from '@backoffice/platform';
import { CatalogueReadModel } from '../../catalogue-read-model/catalogue-read-model.service';
import type { Caller } from '../../directory/caller.decorator';
import { GeographyClient } from '../../directory/geography.client';
import { OrderEntity } from '../order.entity';
import { OrderItemEntity } from '../order-item.entity';
import { type PricedOrder, priceOrder } from '../order-pricing.policy';
import { GetOrderQuery } from '../queries/get-order.handler';

export interface CreatedOrder {
  order: OrderDetail;
  /** false when the order with this client-made id was already taken (a retry). */
  created: boolean;
}

/** Order intake: prices from the catalogue read model, tax and shipping from geography, the discount applied. */
export class CreateOrderCommand extends Command<CreatedOrder> {
  constructor(
    readonly input: CreateOrderValues,
    readonly caller: Caller,
  ) {
    super();
  }
}

@CommandHandler(CreateOrderCommand)
export class CreateOrderHandler implements ICommandHandler<CreateOrderCommand, CreatedOrder> {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogue: CatalogueReadModel,
    private readonly geography: GeographyClient,
    private readonly outbox: OutboxService,
    private readonly queries: QueryBus,
  ) {}

  async execute({ input, caller }: CreateOrderCommand): Promise<CreatedOrder> {
    const em = this.em.fork();
    const fingerprint = requestFingerprint(input);
    if (input.id) {
      const taken = await em.findOne(OrderEntity, { id: input.id }, { fields: ['id', 'intakeFingerprint'] });
      if (taken) {
        if (taken.intakeFingerprint !== null && taken.intakeFingerprint !== fingerprint) {
          throw new ConflictError(
            `Order ${input.id} already exists with another body; a retry sends the same body, a new order a new id.`,
            'order_id_conflict',
          );
        }
        return { order: await this.queries.execute(new GetOrderQuery(input.id)), created: false };
      }
    }

    const services = await this.catalogue.byIds(
      em,
      input.items.map((item) => item.itemId),
    );
    const errors: FieldError[] = [];
    input.items.forEach((item, index) => {
      const service = services.get(item.itemId);
      if (!service) errors.push({ path: `items.${index}.itemId`, message: `Service ${item.itemId} is not in the catalogue.` });
      else if (!service.active) errors.push({ path: `items.${index}.itemId`, message: `${service.name} is not offered at the moment.` });
    });
    if (errors.length) throw new InvalidInputError(errors);

    const rates = await this.geography.lookup(input, caller.requestId);
    const priced = priceOrder({
      lines: input.items.map((item) => {
        const service = services.get(item.itemId)!;
        return { itemId: item.itemId, quantity: item.quantity, unitCents: toCents(service.price), shipped: service.physical };
      }),
      discountCents: toCents(input.discount),
      taxRate: rates.taxRate,
      shippingFeeCents: rates.shippingFee === null ? null : toCents(rates.shippingFee),
    });
    if (!priced.ok) throw new InvalidInputError([{ path: priced.path, message: priced.message }]);
    const { order: price } = priced;

    const order = await em.transactional(async (tx) =>
      writeOrder(tx, this.outbox, {
        customer: {
          ...(input.id ? { id: input.id } : {}),
          intakeFingerprint: fingerprint,
          name: input.name,
          contactInfo: input.contactInfo,
          email: input.email,
          address: input.address,
          zipCode: input.zipCode,
          city: input.city,
          county: input.county,
          state: input.state,
          country: input.country,
          userId: input.userId,
          createdDate: new Date(),
        },
        price,
        taxRate: rates.taxRate,
        lines: price.lines.map((line, position) => ({
          service: services.get(line.itemId)!,
          jsonData: input.items[position].jsonData,
        })),
      }),
    );
    return { order: await this.queries.execute(new GetOrderQuery(order.id)), created: true };
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
