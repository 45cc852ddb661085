import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, literalAddress } from './webhook-target.policy';

/** The first bytes of a subscriber's answer kept in the attempt log. */
export const RESPONSE_LOG_BYTES = 2048;

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  responseBody: string;
  /** Why there is no answer (refused target, timeout, network error). */
  error: string | null;
}

export class RefusedTargetError extends Error {}

/**
 * A DNS lookup that refuses private, loopback and link-local answers: used as the socket's own lookup, so
 * the address checked is the address connected to (a name cannot resolve public here and private there).
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) {
        return callback(new RefusedTargetError(`${hostname} resolves to ${refused.address}, a private address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * POSTs one signed body. A 2xx within `timeoutMs` is success; a redirect is an answer like any other (never
 * followed). The response body is read up to RESPONSE_LOG_BYTES, then the connection is dropped.
 */
export function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    // Started before `finish`, which clears it, can run: a target refused before any request exists settles too.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`No answer within ${options.timeoutMs / 1000} s.`)), options.timeoutMs);
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return finish({ statusCode: null, responseBody: '', error: 'The URL is not valid.' });
    }
    const literal = literalAddress(url);
    if (literal && !options.allowPrivate && isPrivateAddress(literal)) {
      return finish({ statusCode: null, responseBody: '', error: `Refused: ${literal} is a private address.` });
    }
    if (url.protocol !== 'https:' && !options.allowPrivate) {
      return finish({ statusCode: null, responseBody: '', error: 'Refused: only https targets are allowed.' });
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'backoffice-webhooks/1' },
      lookup: guardedLookup(options.allowPrivate),
      agent: false,
      signal: deadline.signal,
    });
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_LOG_BYTES).toString('utf8');
        finish({ statusCode: response.statusCode ?? null, responseBody, error: null });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_LOG_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error) => {
      const refused = error instanceof RefusedTargetError || (error as { cause?: unknown }).cause instanceof RefusedTargetError;
      const reason = deadline.signal.aborted ? (deadline.signal.reason as Error).message : error.message;
      finish({ statusCode: null, responseBody: '', error: refused ? `Refused: ${error.message}` : reason });
    });
    request.end(body);
  });
}
