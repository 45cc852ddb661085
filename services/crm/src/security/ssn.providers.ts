import type { Provider } from '@nestjs/common';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { CrmConfig } from '../crm.config';
import { loadSsnKey, SsnCipher } from './ssn-cipher';

/** The 32-byte SSN key (CRM_SSN_KEY, or the development key file). */
export const SSN_KEY = Symbol('SSN_KEY');

export const ssnProviders: Provider[] = [
  { provide: SSN_KEY, inject: [SERVICE_CONFIG], useFactory: (config: CrmConfig) => loadSsnKey(config) },
  { provide: SsnCipher, inject: [SSN_KEY], useFactory: (key: Buffer) => new SsnCipher(key) },
];
