import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1): `Connection` and every header it
 * names, plus `Expect`, which the gateway answers itself (Node sends the client its 100 Continue).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/**
 * The end-to-end headers of `headers`, added to `into` (where they win over what it holds). Called twice a
 * request, so it builds nothing it can do without: the names `Connection` lists are only looked at when it lists
 * more than `keep-alive` or `close`.
 */
export function endToEndHeaders(headers: IncomingHttpHeaders, into: IncomingHttpHeaders = {}): IncomingHttpHeaders {
  const connection = headers.connection === undefined ? '' : String(headers.connection).toLowerCase();
  const named =
    connection !== '' && connection !== 'keep-alive' && connection !== 'close'
      ? new Set(
          connection
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        )
      : undefined;
  for (const name in headers) {
    if (HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named?.has(name)) continue;
    into[name] = headers[name];
  }
  return into;
}
