import { Inject, Injectable } from '@nestjs/common';
import { GEOGRAPHY_PATHS, type FieldError, type GeographyLookupResult } from '@backoffice/contracts';
import { ForbiddenError, InvalidInputError, SERVICE_CONFIG, UnavailableError } from '@backoffice/platform';
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

/** Our field names for the lookup's query parameters. */
const FIELD_OF: Record<string, string> = { country: 'country', state: 'state', city: 'city', zip: 'zipCode' };

/** Tax rate and shipping fee of an address, from the geography service (GET /api/geography/lookup). */
@Injectable()
export class GeographyClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: OrdersConfig) {}

  async lookup(address: AddressForLookup, authorization?: string, requestId?: string): Promise<TaxAndShipping> {
    const query = new URLSearchParams({ country: address.country, state: address.state, city: address.city, zip: address.zipCode });
    const answer = await getFromService<GeographyLookupResult & { errors?: FieldError[]; detail?: string }>(
      'geography',
      this.config.GEOGRAPHY_URL,
      `${GEOGRAPHY_PATHS.lookup}?${query}`,
      { authorization, timeoutMs: this.config.SERVICE_CALL_TIMEOUT_MS, requestId },
    );
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
    if (answer.status === 401 || answer.status === 403) {
      throw new ForbiddenError('Tax and shipping rates may not be looked up with your sign-in.');
    }
    throw new UnavailableError(`The geography service answered HTTP ${answer.status} to the tax lookup.`);
  }
}
