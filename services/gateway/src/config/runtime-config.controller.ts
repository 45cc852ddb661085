import { Get, Inject } from '@nestjs/common';
import { RuntimeConfigSchema } from '@backoffice/contracts';
import type { RuntimeConfig } from '@backoffice/contracts';
import { ApiController, ApiResult, Public, SERVICE_CONFIG } from '@backoffice/platform';
import type { GatewayConfig } from './gateway.config';
import { SettlementStatusSource } from './settlement-status';

@ApiController({ tag: 'config', path: 'api/config' })
export class RuntimeConfigController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    private readonly settlement: SettlementStatusSource,
  ) {}

  /** What the console needs before sign-in: currency, map tiles, and whether card settlement is real, simulated or not configured. */
  @Public()
  @Get()
  @ApiResult(RuntimeConfigSchema, { summary: 'Runtime settings the console reads before sign-in' })
  async get(): Promise<RuntimeConfig> {
    return {
      currency: this.config.CURRENCY,
      mapTileUrl: this.config.MAP_TILE_URL,
      mapAttribution: this.config.MAP_ATTRIBUTION,
      settlement: await this.settlement.current(),
    };
  }
}
