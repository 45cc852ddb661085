import { startTestService, type TestService } from '@backoffice/platform/testing';

/** The payments service's real AppModule with a fresh database; `env` names its orders service and payment provider. */
export function startPayments(env: Record<string, string> = {}): Promise<TestService> {
  return startTestService(() => require('../src/app.module').AppModule, { service: 'payments', env });
}
