import { startTestService, type TestService } from '@backoffice/platform/testing';

/** The scheduling service's real AppModule with a fresh database and no demo branches. */
export function startScheduling(env: Record<string, string> = {}): Promise<TestService> {
  return startTestService(() => require('../src/app.module').AppModule, {
    service: 'scheduling',
    env: { SEED_DEMO_DATA: 'false', ...env },
  });
}
