import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { NotFoundError } from '../errors/domain-error';
import { sendProblem } from '../errors/problem.filter';

/** Health checks and metrics: for the orchestrator and the metrics scraper, never for the public. */
export const isOpsPath = (url: string): boolean => /^\/(health(\/|$|\?)|metrics($|\?))/.test(url);

const OPS = Symbol('ops listener');
type OpsRequest = IncomingMessage & { [OPS]?: true };

/**
 * When a process has an ops port (the gateway, whose main port is the public edge), /health/* and
 * /metrics are answered there only, and the main port answers them 404 as any unknown path. The ops
 * listener serves nothing else. Both listeners share one Fastify instance, its routes and its hooks.
 */
export function guardOpsPaths(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if ((request.raw as OpsRequest)[OPS] || !isOpsPath(request.url)) return done();
    sendProblem(new NotFoundError('Path', request.url.split('?')[0]), request, reply, logger);
  });
}

export async function listenOps(fastify: FastifyInstance, port: number, host: string): Promise<Server> {
  const server = createServer((request: OpsRequest, response) => {
    if (!isOpsPath(request.url ?? '')) {
      response.statusCode = 404;
      return void response.end();
    }
    request[OPS] = true;
    fastify.routing(request, response);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  // Closed with the main listener (Fastify accepts no more hooks once listening).
  fastify.server.once('close', () => server.close());
  return server;
}
