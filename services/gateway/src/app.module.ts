import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { gatewayConfigSchema } from './config/gateway.config';
import { RuntimeConfigController } from './config/runtime-config.controller';

@Module({
  imports: [PlatformModule.forService({ config: gatewayConfigSchema })],
  controllers: [RuntimeConfigController],
})
export class AppModule {}
