import { Controller, Get, HttpCode, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { NotFoundError, Public } from '@backoffice/platform';
import { OrderEntity } from './order.entity';

class OrderIdParams extends createZodDto(z.object({ id: z.uuid('The order id must be a UUID.') })) {}

/**
 * Whether an order exists, for the other services on the internal network (payments refuses a payment
 * for an order that does not exist). Not under /api: the gateway never routes it, so no caller from
 * outside reaches it; it says nothing but yes (204) or no (404).
 */
@ApiExcludeController()
@Public()
@Controller('internal/orders')
export class OrderExistenceController {
  constructor(private readonly em: EntityManager) {}

  @Get(':id')
  @HttpCode(204)
  async exists(@Param() params: OrderIdParams): Promise<void> {
    const count = await this.em.fork().count(OrderEntity, { id: params.id });
    if (count === 0) throw new NotFoundError('Order', params.id);
  }
}
