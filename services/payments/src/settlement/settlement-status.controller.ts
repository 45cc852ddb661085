import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { SettlementStatus } from '@backoffice/contracts';
import { Public } from '@backoffice/platform';
import { AuthNetClient } from './authnet.client';

/**
 * How card settlement is served (live, simulated or not configured), for the gateway's /api/config on the
 * internal network. Not under /api: the gateway never routes it; it names no credential, only the mode and,
 * when not configured, which variables to set.
 */
@ApiExcludeController()
@Public()
@Controller('internal/payments/settlement')
export class SettlementStatusController {
  constructor(private readonly authNet: AuthNetClient) {}

  @Get()
  status(): SettlementStatus {
    const setup = this.authNet.setup;
    return setup.mode === 'not_configured' ? { mode: setup.mode, detail: setup.detail } : { mode: setup.mode };
  }
}
