import { Body, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import {
  CreateOrderSchema,
  OrderDetailSchema,
  OrderExportQuerySchema,
  OrderListQuerySchema,
  OrderSummarySchema,
  pageSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, Idempotent, Scopes } from '@backoffice/platform';
import { type Caller, CallerContext } from '../directory/caller.decorator';
import { CreateOrderCommand } from './commands/create-order.handler';
import { GetOrderQuery } from './queries/get-order.handler';
import { ListOrdersQuery } from './queries/list-orders.handler';
import { OrdersExport, XLSX_CONTENT_TYPE } from './orders-export.service';

class CreateOrderDto extends createZodDto(CreateOrderSchema) {}
class OrderListQueryDto extends createZodDto(OrderListQuerySchema) {}
class OrderExportQueryDto extends createZodDto(OrderExportQuerySchema) {}
class OrderIdParams extends createZodDto(z.object({ id: z.uuid('The order id must be a UUID.') })) {}

@ApiController({ tag: 'orders', path: 'api/orders', roles: ['Manager'] })
export class OrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly exporter: OrdersExport,
  ) {}

  /** Server-paged, newest first; `search` matches id, name, contact, email and address; `status` filters. */
  @Get()
  @ApiResult(pageSchema(OrderSummarySchema, 'OrderPage'), { summary: 'List orders' })
  list(@Query() query: OrderListQueryDto) {
    return this.queries.execute(new ListOrdersQuery({ search: query.search, status: query.status }, query.page, query.pageSize));
  }

  /** The same list (all pages) as a streamed xlsx. */
  @Get('export.xlsx')
  @ApiResult(z.string().meta({ format: 'binary' }), {
    summary: 'Export the orders list as a spreadsheet',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
  export(@Query() query: OrderExportQueryDto, @Res() reply: FastifyReply) {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="orders-${day}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(this.exporter.stream({ search: query.search, status: query.status }));
  }

  @Get(':id')
  @ApiResult(OrderDetailSchema, { summary: 'Get an order (its receipt)' })
  get(@Param() params: OrderIdParams) {
    return this.queries.execute(new GetOrderQuery(params.id));
  }

  /** Order intake from the storefront: 201 with the priced order; a retry with the same id answers 200 with it. */
  @Post()
  @Scopes('orders:write')
  @Idempotent()
  @ApiResult(OrderDetailSchema, {
    status: 201,
    summary: 'Create an order (storefront intake)',
    description: 'The order was taken, priced with tax and shipping.',
    also: { 200: 'An order with this id was already taken (a retry): the order as it is.' },
  })
  async create(@Body() body: CreateOrderDto, @CallerContext() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.commands.execute(new CreateOrderCommand(body, caller));
    void reply.status(result.created ? 201 : 200);
    return result.order;
  }
}
