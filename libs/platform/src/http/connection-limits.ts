import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { problem, PROBLEM_CONTENT_TYPE } from '../errors/problem-body';

/**
 * Node's server options for how long a client may take to send a request's headers (HEADERS_TIMEOUT_MS, 20 s).
 * Node looks every `connectionsCheckingInterval` (30 s by default, here at most 5 s), so a connection trickling its
 * headers (slowloris) is answered 408 and closed within 25 s rather than Node's 60 to 90.
 */
export const headerLimits = (headersTimeout: number) => ({
  headersTimeout,
  connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.round(headersTimeout / 4))),
});

/**
 * Requests Node's HTTP parser refuses before any route sees them (a malformed request line, headers over 16 KiB,
 * headers that came too slowly, Content-Length beside chunked encoding) are answered with a problem like every
 * other error, not Fastify's own JSON, and the connection closed.
 */
export function clientErrorHandler(logger: Logger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'The request line and headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT'
          ? [408, 'request_timeout', 'The request did not arrive in time.']
          : [400, 'malformed_request', 'The request is not valid HTTP.'];
    logger.debug({ err: error, code }, 'refused a malformed request');
    answerAndClose(socket, status, code, detail);
  };
}

/**
 * CONNECT asks for a tunnel, which no service and not the gateway offer: a 405 problem, where Node would close the
 * connection without a word (it never reaches Fastify's routes).
 */
export function refuseConnect(logger: Logger) {
  return (request: { url?: string }, socket: Socket): void => {
    logger.debug({ target: request.url }, 'refused a CONNECT request');
    answerAndClose(socket, 405, 'method_not_allowed', 'CONNECT is not served here: this server is not a proxy.');
  };
}

/** Writes a problem answer on the bare socket (no request object exists for it) and closes the connection. */
function answerAndClose(socket: Socket, status: number, code: string, detail: string): void {
  if (socket.writable) {
    const body = JSON.stringify(problem(status, detail, { code }));
    socket.write(
      `HTTP/1.1 ${status} ${problem(status).title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
