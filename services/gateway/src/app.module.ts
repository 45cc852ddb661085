import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { gatewayConfigSchema } from './config/gateway.config';
import { RuntimeConfigController } from './config/runtime-config.controller';
import { ApiDocsController } from './docs/api-docs.controller';

@Module({
  imports: [PlatformModule.forService({ config: gatewayConfigSchema })],
  controllers: [RuntimeConfigController, ApiDocsController],
})
export class AppModule {}
