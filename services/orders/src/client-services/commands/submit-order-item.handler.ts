import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { shortId, type CommandResult } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { type Actor, ClientServiceAggregate } from '../client-service.aggregate';
import { ClientServiceRepository } from '../client-service.repository';

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
  constructor(private readonly clientServices: ClientServiceRepository) {}

  async execute({ orderId, itemId, actor, at }: SubmitOrderItemCommand): Promise<CommandResult> {
    let created: ClientServiceAggregate | undefined;
    const result = await this.clientServices.inTransaction(async (tx): Promise<CommandResult> => {
      const order = await tx.order(orderId);
      if (!order) throw new NotFoundError('Order', orderId);
      const item = await tx.orderItem(orderId, itemId);
      if (!item) throw new NotFoundError('Order item', itemId);
      // Serialises submissions of one order item; the unique (order_id, service_id) is the last word.
      await tx.lockSubmission(orderId, itemId);
      const existing = await tx.submitted(orderId, itemId);
      if (existing) {
        return {
          success: false,
          title: SUBMIT_TITLE,
          message: `${item.itemName} was already submitted to client services (${shortId(existing.id)}).`,
          clientServiceId: existing.id,
        };
      }
      const service = await tx.catalogueService(itemId);
      created = tx.add(
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
