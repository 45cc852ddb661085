import { createServer, type Server, type ServerResponse } from 'node:http';
import { PROBLEM_CONTENT_TYPE, problem } from '../errors/problem-body';
import { checkDependencies } from './checks';
import { metricsRegistry, registerProcessMetrics } from './metrics';

/**
 * /health/live, /health/ready and /metrics for a process that serves no API (a queue worker), on plain node:http:
 * the same answers as a service's health controller, without an application framework behind them. Anything else
 * is 404 problem+json.
 */
export async function serveOps(options: {
  service: string;
  port: number;
  host: string;
  /** Each must answer within a second for the process to be ready. */
  probes: Record<string, () => Promise<unknown>>;
}): Promise<Server> {
  registerProcessMetrics(options.service);
  const send = (response: ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8') => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const sendProblem = (response: ServerResponse, status: number, detail?: string) =>
    send(response, status, JSON.stringify(problem(status, detail)), PROBLEM_CONTENT_TYPE);
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return sendProblem(response, 405);
    }
    if (path === '/health/live') return send(response, 200, JSON.stringify({ status: 'up' }));
    if (path === '/health/ready') {
      return void checkDependencies(options.probes).then(({ ready, checks }) =>
        send(response, ready ? 200 : 503, JSON.stringify({ status: ready ? 'up' : 'down', checks })),
      );
    }
    if (path === '/metrics') {
      return void metricsRegistry.metrics().then(
        (text) => send(response, 200, text, metricsRegistry.contentType),
        () => sendProblem(response, 500),
      );
    }
    sendProblem(response, 404, 'This port answers /health/live, /health/ready and /metrics only.');
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, resolve));
  return server;
}
