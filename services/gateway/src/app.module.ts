import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { RuntimeConfigModule } from './config/config.module';
import { gatewayConfigSchema } from './config/gateway.config';

/** The gateway's own Nest routes; the proxy, the API reference and the console files are Fastify plugins (gateway.http.ts). */
@Module({ imports: [PlatformModule.forService({ config: gatewayConfigSchema }), RuntimeConfigModule] })
export class AppModule {}
