import { Body, Get, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { OrderPaymentSchema, RecordPaymentSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Idempotent, Scopes } from '@backoffice/platform';
import { OrderPaymentsService } from './order-payments.service';

class RecordPaymentBody extends createZodDto(RecordPaymentSchema) {}
class OrderIdParams extends createZodDto(z.object({ id: z.uuid('Order id must be a UUID.') })) {}

@ApiController({ tag: 'payments', roles: ['Manager'] })
export class OrderPaymentsController {
  constructor(private readonly payments: OrderPaymentsService) {}

  /**
   * Records a payment or a payment transaction: 201 when it changed something, 200 for a repeat. Money adds up: a
   * payment above the order's balance or a transaction above its payment's is 422, naming the balance.
   */
  @Post('api/payments')
  @Scopes('payments:write')
  @Idempotent()
  @ApiResult(OrderPaymentSchema, {
    status: 201,
    summary: 'Record a payment or a payment transaction',
    description: 'The payment was opened, or the transaction added or moved forward under its reference (Authorized → Captured).',
    also: {
      200: 'The same transaction (merchant and reference) was already recorded (a repeat): the payment as it is.',
    },
  })
  async record(@Body() body: RecordPaymentBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.payments.record(body);
    reply.status(result.created ? 201 : 200);
    return result.payment;
  }

  @Get('api/orders/:id/payments')
  @ApiResult(z.array(OrderPaymentSchema), { summary: 'List the payments of an order' })
  list(@Param() params: OrderIdParams) {
    return this.payments.listForOrder(params.id);
  }
}
