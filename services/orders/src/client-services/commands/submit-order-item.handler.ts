import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { shortId, type CommandResult } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { CatalogueReadModel } from '../../catalogue-read-model/catalogue-read-model.service';
import { OrderEntity } from '../../orders/order.entity';
import { OrderItemEntity } from '../../orders/order-item.entity';
import { ClientServiceEntity } from '../client-service.entity';
import { type Actor, ClientServiceAggregate } from '../client-service.aggregate';
import { ClientServiceStore } from '../client-service.store';

export const SUBMIT_TITLE = 'Submit to Client Services';

/** "Submit to Client Services" on a receipt: the order item becomes a client service (once). */
export class SubmitOrderItemCommand extends Command<CommandResult> {
  constructor(
    readonly orderId: string,
    readonly itemId: number,
    readonly actor: Actor,
    /** When it happened: now, except for back-dated demo data. */
    readonly at: Date = new Date(),
  ) {
    super();
  }
}

@CommandHandler(SubmitOrderItemCommand)
export class SubmitOrderItemHandler implements ICommandHandler<SubmitOrderItemCommand, CommandResult> {
  constructor(
    private readonly em: EntityManager,
    private readonly store: ClientServiceStore,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  async execute({ orderId, itemId, actor, at }: SubmitOrderItemCommand): Promise<CommandResult> {
    let created: ClientServiceAggregate | undefined;
    const result = await this.em.fork().transactional(async (em): Promise<CommandResult> => {
      const order = await em.findOne(OrderEntity, { id: orderId });
      if (!order) throw new NotFoundError('Order', orderId);
      const item = await em.findOne(OrderItemEntity, { orderId, itemId });
      if (!item) throw new NotFoundError('Order item', itemId);
      // Serialises submissions of one order item; the unique (order_id, service_id) is the last word.
      await em
        .getConnection()
        .execute('select pg_advisory_xact_lock(hashtext(?))', [`${orderId}:${itemId}`], 'all', em.getTransactionContext());
      const existing = await em.findOne(ClientServiceEntity, { orderId, serviceId: itemId });
      if (existing) {
        return {
          success: false,
          title: SUBMIT_TITLE,
          message: `${item.itemName} was already submitted to client services (${shortId(existing.id)}).`,
          clientServiceId: existing.id,
        };
      }
      const service = (await this.catalogue.byIds(em, [itemId])).get(itemId);
      created = this.store.add(
        em,
        ClientServiceAggregate.submit(
          {
            orderId,
            userId: order.userId,
            serviceId: itemId,
            serviceName: item.itemName,
            deliveryType: service?.deliveryType ?? item.itemType,
            jsonData: item.jsonData,
          },
          actor,
          at,
        ),
      );
      return {
        success: true,
        title: SUBMIT_TITLE,
        message: `${item.itemName} was submitted to client services (${shortId(created.id)}).`,
        clientServiceId: created.id,
      };
    });
    created?.commit();
    return result;
  }
}
