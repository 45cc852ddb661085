import Router, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error';
import { sendProblem } from '../errors/problem.filter';

/**
 * A request for a path the service has under other methods is answered 405 with `Allow` (RFC 9110 §15.5.6), and
 * an OPTIONS request for it 204 with `Allow`, instead of the 404 that says the path does not exist. The paths are
 * gathered as routes are added, one entry per pattern holding its methods; looked up only when Fastify found no route.
 */
export function registerMethodNotAllowed(fastify: FastifyInstance, logger: Logger): void {
  const paths = Router();
  fastify.addHook('onRoute', (route) => {
    let methods = paths.findRoute('GET', route.url)?.store as Set<string> | undefined;
    if (!methods) {
      methods = new Set();
      paths.on('GET', route.url, () => undefined, methods);
    }
    for (const method of [route.method].flat()) methods.add(method);
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split('?', 1)[0];
    const methods = paths.find('GET' as HTTPMethod, path)?.store as Set<string> | undefined;
    if (!methods?.size) return done();
    const allow = [...methods, 'OPTIONS'].join(', ');
    if (request.method === 'OPTIONS') return void reply.code(204).header('allow', allow).send();
    void reply.header('allow', allow);
    const detail = `${request.method} is not allowed here; this path answers ${[...methods].join(', ')}.`;
    sendProblem(new DomainError('method_not_allowed', detail, 405), request, reply, logger);
  });
}
