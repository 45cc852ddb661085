import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { InternalOrderTotal } from '@backoffice/contracts';
import { NotFoundError, Public } from '@backoffice/platform';
import { OrderRepository } from './order.repository';

class OrderIdParams extends createZodDto(z.object({ id: z.uuid('The order id must be a UUID.') })) {}

/**
 * Whether an order exists and its total, for the other services on the internal network (payments refuses a
 * payment for an order that does not exist, or one above the order's balance). Not under /api: the gateway never
 * routes it, so no caller from outside reaches it; it says nothing but the order's id and total (200) or no (404).
 */
@ApiExcludeController()
@Public()
@Controller('internal/orders')
export class OrderExistenceController {
  constructor(private readonly orders: OrderRepository) {}

  @Get(':id')
  async exists(@Param() params: OrderIdParams): Promise<InternalOrderTotal> {
    const order = await this.orders.total(params.id);
    if (!order) throw new NotFoundError('Order', params.id);
    return { id: order.id, amount: Number(order.amount) };
  }
}
