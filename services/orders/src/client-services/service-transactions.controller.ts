import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { CommandResultSchema, ServiceTransactionInputSchema, ServiceTransactionSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Idempotent } from '@backoffice/platform';
import { RecordTransactionCommand } from './commands/record-transaction.handler';
import { ListTransactionsQuery } from './queries/list-transactions.handler';

class ServiceTransactionDto extends createZodDto(ServiceTransactionInputSchema) {}
class TransactionsParams extends createZodDto(z.object({ clientServiceId: z.uuid('The client service id must be a UUID.') })) {}

/** Transactions of client services, at the product's paths; a ServiceProvider reaches only theirs. */
@ApiController({ tag: 'client services', path: 'api/ServiceTransaction', roles: ['Manager', 'ServiceProvider'] })
export class ServiceTransactionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':clientServiceId')
  @ApiResult(z.array(ServiceTransactionSchema), { summary: 'List the transactions of a client service' })
  list(@Param() params: TransactionsParams, @CurrentUser() user: CurrentUserData) {
    return this.queries.execute(new ListTransactionsQuery(params.clientServiceId, user));
  }

  /** → {success, message}: a refused status change is success false with a message naming both statuses. */
  @Post()
  @HttpCode(200)
  @Idempotent()
  @ApiResult(CommandResultSchema, { summary: 'Record a transaction (status change or note) of a client service' })
  record(@Body() body: ServiceTransactionDto, @CurrentUser() user: CurrentUserData) {
    return this.commands.execute(new RecordTransactionCommand(body, user));
  }
}
