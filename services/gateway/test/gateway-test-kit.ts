import { startTestService, type TestService } from '@backoffice/platform/testing';

/**
 * The gateway's real AppModule with its Fastify start-up hook (the proxy, the API reference, the console files), no
 * database and no console build (CONSOLE_DIR points nowhere unless `env` names one); `env` names its upstreams.
 */
export function startGateway(
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof startTestService>[1], 'logDestination'> = {},
): Promise<TestService> {
  return startTestService(() => require('../src/app.module').AppModule, {
    service: 'gateway',
    database: false,
    configure: (app, logger) => require('../src/gateway.http').configureGatewayHttp(app, logger),
    env: { CONSOLE_DIR: '/nonexistent', ...env },
    ...options,
  });
}
