import type { FastifyInstance } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problem } from '../errors/problem';

/**
 * Stopping without cutting a request. On SIGTERM the service goes through three steps before it closes:
 *
 * 1. draining (`drainMs`): requests are served as usual (a request sent just before the signal may be read after
 *    it), each answer closes its connection, and readiness answers 503 so that load balancers stop routing here;
 * 2. refusing: a new request is answered 503 with `Retry-After` and its connection closed (a clean "go elsewhere"),
 *    while the requests in flight run to their end;
 * 3. once nothing is in flight and no request has come for `quietMs`, the listener closes. Closing sooner would
 *    make the kernel reset the connections waiting in its accept queue, which the client sees as a cut request.
 */
export class ShutdownGate {
  private phase: 'serving' | 'draining' | 'refusing' = 'serving';
  private inFlight = 0;
  private lastActivity = 0;
  private server?: { closeIdleConnections?: () => void };

  /** Registers the gate's hook; call before any route is registered. */
  register(fastify: FastifyInstance): void {
    this.server = fastify.server;
    fastify.addHook('onRequest', (request, reply, done) => {
      this.lastActivity = Date.now();
      if (this.phase === 'serving') return this.track(reply.raw, done);
      void reply.header('connection', 'close');
      if (this.phase === 'draining' && !request.url.startsWith('/health/ready')) return this.track(reply.raw, done);
      void reply
        .status(503)
        .header('retry-after', '1')
        .type(PROBLEM_CONTENT_TYPE)
        .send(problem(503, 'This service instance is shutting down; try again.', { code: 'shutting_down' }));
    });
  }

  private track(response: NodeJS.EventEmitter, done: () => void): void {
    this.inFlight++;
    response.once('close', () => {
      this.inFlight--;
      this.lastActivity = Date.now();
    });
    done();
  }

  get shuttingDown(): boolean {
    return this.phase !== 'serving';
  }

  /** Runs steps 1 to 3; answers when the listener may close. */
  async drain({ drainMs, quietMs }: { drainMs: number; quietMs: number }): Promise<void> {
    this.phase = 'draining';
    await sleep(drainMs);
    // Load balancers stopped sending here during the drain; the idle keep-alive connections are closed now, so a
    // late client's next request opens a new one and meets the refusal (503, Retry-After), instead of arriving on an
    // old one just as the listener closes it (a cut request, or Fastify's own 503 without Retry-After, which a client
    // cannot tell from a handled request). Not at the drain's start: a request already on its way over an idle
    // connection would be cut.
    this.phase = 'refusing';
    this.server?.closeIdleConnections?.();
    this.lastActivity = Date.now();
    while (this.inFlight > 0 || Date.now() - this.lastActivity < quietMs) await sleep(25);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
