import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { gatewayConfigSchema } from './config/gateway.config';
import { RuntimeConfigController } from './config/runtime-config.controller';
import { SettlementStatusSource } from './config/settlement-status';

@Module({
  imports: [PlatformModule.forService({ config: gatewayConfigSchema })],
  controllers: [RuntimeConfigController],
  providers: [SettlementStatusSource],
})
export class AppModule {}
