import { Inject, Injectable } from '@nestjs/common';
import { GEOGRAPHY_INTERNAL_PATHS, GEOGRAPHY_PATHS, type FieldError, type GeographyLookupResult } from '@backoffice/contracts';
import { InvalidInputError, SERVICE_CONFIG, UnavailableError } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { getFromService } from './service-call';

export interface TaxAndShipping {
  taxRate: number;
  /** null when no city matched. */
  shippingFee: number | null;
}

export interface AddressForLookup {
  country: string;
  state: string;
  city: string;
  zipCode: string;
}

/** At most this many calls for one lookup while replicas of two releases answer (see `lookup`). */
const MAX_ASKS = 6;

/** Our field names for the lookup's query parameters. */
const FIELD_OF: Record<string, string> = { country: 'country', state: 'state', city: 'city', zip: 'zipCode' };

/**
 * Tax rate and shipping fee of an address, from the geography service's internal lookup (orders asks on its own
 * behalf: an API client that may create orders need not hold `geography:read`).
 */
@Injectable()
export class GeographyClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: OrdersConfig) {}

  async lookup(address: AddressForLookup, requestId?: string): Promise<TaxAndShipping> {
    const query = new URLSearchParams({ country: address.country, state: address.state, city: address.city, zip: address.zipCode });
    const ask = (path: string) =>
      getFromService<GeographyLookupResult & { errors?: FieldError[]; detail?: string; code?: string }>(
        'geography',
        this.config.GEOGRAPHY_URL,
        `${path}?${query}`,
        { timeoutMs: this.config.SERVICE_CALL_TIMEOUT_MS, requestId },
      );
    // Expand, then contract (docs/upgrading.md): a geography of an earlier release has no internal lookup (a 404
    // without the lookup's own `not_found` code) and serves the same lookup open inside the network at
    // /api/geography/lookup, which today's geography closes (401). While both run during a rolling upgrade, calls
    // alternate between their replicas: the internal lookup is asked twice (the second call goes to the other
    // replica) before the open one, and a 401 there (a replica of today) sends it back to the internal lookup.
    // To be removed by the release after the one that added the internal lookup.
    let answer = await ask(GEOGRAPHY_INTERNAL_PATHS.lookup);
    let earlier = 0;
    for (let asked = 1; asked < MAX_ASKS; asked++) {
      if (answer.status === 404 && answer.body?.code !== 'not_found') {
        earlier++;
        answer = await ask(earlier % 2 === 0 ? GEOGRAPHY_PATHS.lookup : GEOGRAPHY_INTERNAL_PATHS.lookup);
      } else if (earlier > 0 && (answer.status === 401 || answer.status === 403)) {
        answer = await ask(GEOGRAPHY_INTERNAL_PATHS.lookup);
      } else {
        break;
      }
    }
    if (answer.status === 200 && answer.body && typeof answer.body.taxRate === 'number') {
      return { taxRate: answer.body.taxRate, shippingFee: typeof answer.body.shippingFee === 'number' ? answer.body.shippingFee : null };
    }
    if (answer.status === 404) {
      throw new InvalidInputError([{ path: 'country', message: `Tax and shipping are not set up for the country "${address.country}".` }]);
    }
    if (answer.status === 400) {
      const errors = (answer.body?.errors ?? []).map((e) => ({ path: FIELD_OF[e.path] ?? 'country', message: e.message }));
      throw new InvalidInputError(errors.length ? errors : [{ path: 'country', message: 'The address cannot be looked up.' }]);
    }
    throw new UnavailableError(`The geography service answered HTTP ${answer.status} to the tax lookup.`);
  }
}
