import { Inject, Injectable } from '@nestjs/common';
import type { InternalOrderTotal } from '@backoffice/contracts';
import { fetchFromReplicas, NotFoundError, SERVICE_CONFIG, UnavailableError } from '@backoffice/platform';
import type { PaymentsConfig } from '../payments.config';

/** Asks the orders service, over the internal network, whether an order exists and its total (one hop, answered at once). */
@Injectable()
export class OrderDirectory {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: PaymentsConfig) {}

  /** Throws NotFoundError for an order that does not exist, UnavailableError when orders cannot tell. */
  async assertExists(orderId: string): Promise<void> {
    await this.total(orderId);
  }

  /**
   * The order's total; null from a replica of orders that only says the order exists (204, before orders told
   * totals). Throws NotFoundError for an order that does not exist, UnavailableError when orders cannot tell.
   */
  async total(orderId: string): Promise<number | null> {
    let status: number;
    let body: Partial<InternalOrderTotal> | null = null;
    try {
      const response = await fetchFromReplicas(this.config.ORDERS_URL, `/internal/orders/${encodeURIComponent(orderId)}`, {
        timeoutMs: this.config.ORDERS_TIMEOUT_MS,
      });
      status = response.status;
      if (status === 200) body = (await response.json()) as Partial<InternalOrderTotal>;
      else await response.body?.cancel();
    } catch {
      throw new UnavailableError('The orders service is unavailable, so the order cannot be checked; try again shortly.');
    }
    if (status === 404) throw new NotFoundError('Order', orderId);
    if (status === 204) return null;
    if (status !== 200 || typeof body?.amount !== 'number') {
      throw new UnavailableError('The orders service could not check the order; try again shortly.');
    }
    return body.amount;
  }
}
