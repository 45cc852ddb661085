import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error';
import { sendProblem } from '../errors/problem.filter';

/**
 * A request whose body stops arriving is answered 408 and its connection closed once no byte has come for
 * `idleMs`. Node's own limits do not cover it: Fastify sets the server's requestTimeout to 0 (a whole-request
 * bound would cut a 70 MB spreadsheet on a slow line anyway), and nothing bounds the silence between two chunks,
 * so a client that declares 100 bytes and sends 10 held a socket and a request slot without end. The clock is the
 * socket's inactivity timer, armed while the body is read and disarmed once it has all come, so a handler that
 * works for long afterwards, and a response that streams slowly, are not cut.
 */
export function registerBodyIdleTimeout(fastify: FastifyInstance, idleMs: number, logger: Logger): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete) return done();
    const socket = raw.socket;
    raw.setTimeout(idleMs, () => {
      if (raw.complete) return;
      logger.warn({ requestId: request.id, url: request.url, idleMs }, 'request body stalled');
      if (reply.sent || reply.raw.headersSent) return void socket.destroy();
      void reply.header('connection', 'close');
      const stalled = `No part of the request body arrived for ${idleMs / 1000} s; send it again.`;
      sendProblem(new DomainError('body_stalled', stalled, 408), request, reply, logger);
      // The answer first; then the half-sent body is no longer waited for.
      reply.raw.once('finish', () => socket.destroy());
    });
    // Once the body has all come, the handler's own time is its own (a response under way keeps Node's timers).
    raw.once('end', () => {
      if (!reply.raw.headersSent) socket.setTimeout(0);
    });
    done();
  });
}
