import { Inject, Injectable } from '@nestjs/common';
import { fetchFromReplicas, NotFoundError, SERVICE_CONFIG, UnavailableError } from '@backoffice/platform';
import type { PaymentsConfig } from '../payments.config';

/** Asks the orders service, over the internal network, whether an order exists (one hop, answered at once). */
@Injectable()
export class OrderDirectory {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: PaymentsConfig) {}

  /** Throws NotFoundError for an order that does not exist, UnavailableError when orders cannot tell. */
  async assertExists(orderId: string): Promise<void> {
    let status: number;
    try {
      const response = await fetchFromReplicas(this.config.ORDERS_URL, `/internal/orders/${encodeURIComponent(orderId)}`, {
        timeoutMs: this.config.ORDERS_TIMEOUT_MS,
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      throw new UnavailableError('The orders service is unavailable, so the order cannot be checked; try again shortly.');
    }
    if (status === 404) throw new NotFoundError('Order', orderId);
    if (status !== 204 && status !== 200) {
      throw new UnavailableError('The orders service could not check the order; try again shortly.');
    }
  }
}
