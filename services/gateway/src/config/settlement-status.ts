import { Inject, Injectable, Logger } from '@nestjs/common';
import { SETTLEMENT_STATUS_INTERNAL_PATH, SettlementStatusSchema, type SettlementStatus } from '@backoffice/contracts';
import { SERVICE_CONFIG } from '@backoffice/platform';
import { upstreamUrl, type GatewayConfig } from './gateway.config';

/** How long an answer of the payments service is reused (its mode changes only when it restarts with new settings). */
const FRESH_MS = 30_000;
const TIMEOUT_MS = 1_000;

/** How card settlement is served, asked of the payments service; `unknown` while it does not answer. */
@Injectable()
export class SettlementStatusSource {
  private readonly logger = new Logger('SettlementStatus');
  private cached: { status: SettlementStatus; at: number } | undefined;
  private pending: Promise<SettlementStatus> | undefined;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: GatewayConfig) {}

  async current(): Promise<SettlementStatus> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.status;
    this.pending ??= this.ask().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async ask(): Promise<SettlementStatus> {
    try {
      const response = await fetch(`${upstreamUrl(this.config, 'payments')}${SETTLEMENT_STATUS_INTERNAL_PATH}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const status = SettlementStatusSchema.parse(await response.json());
      this.cached = { status, at: Date.now() };
      return status;
    } catch (error) {
      this.logger.warn(`the payments service did not say how card settlement is served: ${(error as Error).message}`);
      return { mode: 'unknown' };
    }
  }
}
