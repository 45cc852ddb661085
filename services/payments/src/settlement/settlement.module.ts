import { Module } from '@nestjs/common';
import { AuthNetClient } from './authnet.client';
import { SettlementStatusController } from './settlement-status.controller';
import { SettlementController } from './settlement.controller';
import { SettlementService } from './settlement.service';

/** Settlement with Authorize.Net: settled batches, reconciliation and whether it is configured. */
@Module({
  controllers: [SettlementController, SettlementStatusController],
  providers: [SettlementService, AuthNetClient],
})
export class SettlementModule {}
