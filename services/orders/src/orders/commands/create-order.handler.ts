import { Command, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { toCents, type CreateOrderValues, type FieldError, type OrderDetail } from '@backoffice/contracts';
import { ConflictError, InvalidInputError, requestFingerprint } from '@backoffice/platform';
import type { Caller } from '../../directory/caller.decorator';
import { GeographyClient } from '../../directory/geography.client';
import { priceOrder } from '../order-pricing.policy';
import { OrderRepository } from '../order.repository';
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
    private readonly orders: OrderRepository,
    private readonly geography: GeographyClient,
    private readonly queries: QueryBus,
  ) {}

  async execute({ input, caller }: CreateOrderCommand): Promise<CreatedOrder> {
    const intake = this.orders.intake();
    const fingerprint = requestFingerprint(input);
    if (input.id) {
      const taken = await intake.taken(input.id);
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

    const services = await intake.services(input.items.map((item) => item.itemId));
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

    const order = await intake.place({
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
    });
    return { order: await this.queries.execute(new GetOrderQuery(order.id)), created: true };
  }
}
