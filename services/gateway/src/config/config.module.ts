import { Module } from '@nestjs/common';
import { RuntimeConfigController } from './runtime-config.controller';
import { SettlementStatusSource } from './settlement-status';

/** The console's runtime configuration (GET /api/config). */
@Module({ controllers: [RuntimeConfigController], providers: [SettlementStatusSource] })
export class RuntimeConfigModule {}
