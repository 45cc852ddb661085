import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { BatchIdSchema, SettlementRangeQuerySchema } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { SettlementService } from './settlement.service';

class SettlementRangeQueryDto extends createZodDto(SettlementRangeQuerySchema) {}
class BatchIdParams extends createZodDto(BatchIdSchema) {}

@ApiTags('payments')
@Roles('Manager')
@Controller('api/payments/settlement/batches')
export class SettlementController {
  constructor(private readonly settlement: SettlementService) {}

  /** Settled batches with statistics for a range of at most 31 days. */
  @Get()
  batches(@Query() query: SettlementRangeQueryDto) {
    return this.settlement.batches(query);
  }

  /** Every transaction of a settled batch (all provider pages), reconciled with the order payments. */
  @Get(':batchId/transactions')
  transactions(@Param() params: BatchIdParams) {
    return this.settlement.transactions(params.batchId);
  }
}
