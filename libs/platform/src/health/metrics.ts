import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
let registered = false;

/** Node's process metrics (memory, event loop, GC), labelled with the service; once per process. */
export function registerProcessMetrics(service: string): void {
  if (registered) return;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
  registered = true;
}

/** The process metrics plus one request-duration histogram by route and status. */
export function registerHttpMetrics(fastify: FastifyInstance, service: string): void {
  registerProcessMetrics(service);
  const histogram =
    (metricsRegistry.getSingleMetric('http_request_duration_seconds') as Histogram | undefined) ??
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metricsRegistry],
    });
  fastify.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      { method: request.method, route: request.routeOptions?.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
