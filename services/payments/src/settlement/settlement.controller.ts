import { Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { BatchIdSchema, SettledBatchSchema, SettledTransactionListSchema, SettlementRangeQuerySchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { SettlementService } from './settlement.service';

class SettlementRangeQueryDto extends createZodDto(SettlementRangeQuerySchema) {}
class BatchIdParams extends createZodDto(BatchIdSchema) {}

@ApiController({ tag: 'payments', path: 'api/payments/settlement/batches', roles: ['Manager'] })
export class SettlementController {
  constructor(private readonly settlement: SettlementService) {}

  /** Settled batches with statistics for a range of at most 31 days. */
  @Get()
  @ApiResult(z.array(SettledBatchSchema), { summary: 'List settled card batches' })
  batches(@Query() query: SettlementRangeQueryDto) {
    return this.settlement.batches(query);
  }

  /** Every transaction of a settled batch (all provider pages), reconciled with the order payments. */
  @Get(':batchId/transactions')
  @ApiResult(SettledTransactionListSchema, { summary: 'List the transactions of a settled batch, reconciled with order payments' })
  transactions(@Param() params: BatchIdParams) {
    return this.settlement.transactions(params.batchId);
  }
}
