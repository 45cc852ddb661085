import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import type { z } from 'zod';
import { SERVICE_CONFIG } from './config/config.token';
import { parseConfig } from './config/service-config';
import { AccessGuard } from './auth/auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { SESSION_REVOCATIONS, sessionRevocationProviders } from './auth/session-revocations.providers';
import { RedisModule } from './redis/redis.module';
import { DatabaseModule, type DatabaseOptions } from './database/database.module';
import { OutboxModule } from './outbox/outbox.module';
import type { OutboxOptions } from './outbox/outbox.relay';
import { HealthController } from './health/health.controller';
import { Readiness } from './health/readiness';
import { ValidationPipe } from './http/validation.pipe';

export interface PlatformOptions {
  /** The service's full env schema (extend baseConfigSchema and the others). */
  config: z.ZodType;
  database?: DatabaseOptions;
  outbox?: OutboxOptions;
}

/**
 * What every service imports once: validated config, Redis, JWT guard with @Roles(),
 * zod validation, health and metrics, and optionally its database and outbox.
 */
@Module({})
export class PlatformModule {
  static forService(options: PlatformOptions): DynamicModule {
    const configProvider: Provider = { provide: SERVICE_CONFIG, useFactory: () => parseConfig(options.config) };
    return {
      module: PlatformModule,
      global: true,
      imports: [
        RedisModule,
        PassportModule,
        ...(options.database ? [DatabaseModule.forRoot(options.database)] : []),
        ...(options.outbox ? [OutboxModule.forRoot(options.outbox)] : []),
      ],
      controllers: [HealthController],
      providers: [
        configProvider,
        ...sessionRevocationProviders,
        JwtStrategy,
        Readiness,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_PIPE, useClass: ValidationPipe },
      ],
      exports: [SERVICE_CONFIG, SESSION_REVOCATIONS],
    };
  }
}
