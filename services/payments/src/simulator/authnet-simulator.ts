import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { batchById, batchOfDay, dayNumber, statisticsOf, transactionsOf } from './simulator-data';

/*
 * A local stand-in for Authorize.Net's JSON API (POST /xml/v1/request.api): same request and
 * response shapes, result codes and error codes as the provider documents, a UTF-8 byte order
 * mark before the JSON as the provider sends it, on loopback, with deterministic data.
 * Merchant names starting with "simulate-" trigger failures for tests: simulate-html-error (an
 * HTML 503 page), simulate-hang (no answer), simulate-processing-error (E00001).
 */

export interface SimulatorOptions {
  loginId: string;
  transactionKey: string;
}

type Json = Record<string, unknown>;
const BOM = '\uFEFF';
const DAY_MS = 86_400_000;

const ok = (extra: Json, code = 'I00001', text = 'Successful.') => ({
  ...extra,
  messages: { resultCode: 'Ok', message: [{ code, text }] },
});
const error = (code: string, text: string, refId?: unknown) => ({
  ...(refId ? { refId } : {}),
  messages: { resultCode: 'Error', message: [{ code, text }] },
});

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(BOM + JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_048_576) req.destroy(new Error('too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseDate(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || value.length <= 10 ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : ms;
}

function settledBatchList(request: Json) {
  const first = parseDate(request.firstSettlementDate);
  const last = parseDate(request.lastSettlementDate);
  if ((request.firstSettlementDate !== undefined && first === null) || (request.lastSettlementDate !== undefined && last === null)) {
    return error(
      'E00003',
      "The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:firstSettlementDate' element is invalid - The value is invalid according to its datatype 'dateTime'.",
      request.refId,
    );
  }
  const now = Date.now();
  const to = last ?? now;
  const from = first ?? to - 31 * DAY_MS;
  if (to < from) return error('E00003', 'The first settlement date must not be after the last settlement date.', request.refId);
  if (to - from > 31 * DAY_MS) return error('E00003', 'The date range can not exceed 31 days.', request.refId);
  const includeStatistics = request.includeStatistics === true || request.includeStatistics === 'true';
  const batches = [];
  for (let day = dayNumber(from); day <= dayNumber(to) && day < dayNumber(now); day++) {
    const batch = batchOfDay(day);
    if (!batch) continue;
    const settled = Date.parse(batch.settlementTimeUTC);
    if (settled < from - DAY_MS || settled > to + DAY_MS) continue;
    const { day: _day, ...shape } = batch;
    void _day;
    batches.push(includeStatistics ? { ...shape, statistics: statisticsOf(batch) } : shape);
  }
  if (batches.length === 0) return ok({ ...(request.refId ? { refId: request.refId } : {}) }, 'I00004', 'No records found.');
  return ok({ ...(request.refId ? { refId: request.refId } : {}), batchList: batches });
}

function transactionList(request: Json) {
  const batchId = typeof request.batchId === 'string' || typeof request.batchId === 'number' ? String(request.batchId) : '';
  if (!batchId)
    return error(
      'E00003',
      "The element 'getTransactionListRequest' has incomplete content. List of possible elements expected: 'batchId'.",
      request.refId,
    );
  const batch = batchById(batchId);
  if (!batch) return ok({ ...(request.refId ? { refId: request.refId } : {}), totalNumInResultSet: 0 }, 'I00004', 'No records found.');
  const paging = (request.paging ?? {}) as Json;
  const limit = paging.limit === undefined ? 1000 : Number(paging.limit);
  const offset = paging.offset === undefined ? 1 : Number(paging.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return error('E00003', 'Paging limit must be from 1 to 1000.', request.refId);
  if (!Number.isInteger(offset) || offset < 1 || offset > 100_000)
    return error('E00003', 'Paging offset must be from 1 to 100000.', request.refId);
  const sorting = (request.sorting ?? {}) as Json;
  let all = transactionsOf(batch);
  if (sorting.orderDescending === true || sorting.orderDescending === 'true') all = [...all].reverse();
  const page = all.slice((offset - 1) * limit, offset * limit);
  return ok({ ...(request.refId ? { refId: request.refId } : {}), transactions: page, totalNumInResultSet: all.length });
}

function authenticated(request: Json, options: SimulatorOptions): boolean {
  const auth = (request.merchantAuthentication ?? {}) as Json;
  return auth.name === options.loginId && auth.transactionKey === options.transactionKey;
}

export function createAuthNetSimulator(options: SimulatorOptions): Server {
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && (path === '/health/live' || path === '/health/ready')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok', service: 'authnet-simulator' }));
        return;
      }
      if (path !== '/xml/v1/request.api') {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><body><h1>404 - File or directory not found.</h1></body></html>');
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405, { 'content-type': 'text/html', allow: 'POST' });
        res.end('<html><body><h1>405 - Method not allowed.</h1></body></html>');
        return;
      }
      let body: Json;
      try {
        body = JSON.parse((await readBody(req)).replace(/^\uFEFF/, '')) as Json;
      } catch {
        send(res, 200, error('E00003', 'Root element is missing.'));
        return;
      }
      const [name, raw] = Object.entries(body)[0] ?? [];
      const request = (raw ?? {}) as Json;
      const merchant = ((request.merchantAuthentication ?? {}) as Json).name;
      if (merchant === 'simulate-hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (merchant === 'simulate-html-error') {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>');
        return;
      }
      if (merchant === 'simulate-processing-error') {
        send(res, 200, error('E00001', 'An error occurred during processing. Please try again.', request.refId));
        return;
      }
      if (!request.merchantAuthentication) {
        send(
          res,
          200,
          error(
            'E00003',
            `The element '${name ?? 'request'}' has incomplete content. List of possible elements expected: 'merchantAuthentication'.`,
            request.refId,
          ),
        );
        return;
      }
      if (!authenticated(request, options)) {
        send(res, 200, error('E00007', 'User authentication failed due to invalid authentication values.', request.refId));
        return;
      }
      switch (name) {
        case 'authenticateTestRequest':
          send(res, 200, ok({}));
          return;
        case 'getSettledBatchListRequest':
          send(res, 200, settledBatchList(request));
          return;
        case 'getTransactionListRequest':
          send(res, 200, transactionList(request));
          return;
        default:
          send(res, 200, error('E00003', `The element '${name ?? 'request'}' is not supported by the simulator.`, request.refId));
      }
    })().catch(() => {
      if (!res.headersSent) send(res, 200, error('E00001', 'An error occurred during processing. Please try again.'));
    });
  });
  server.on('close', () => {
    for (const res of hanging) res.destroy();
  });
  return server;
}
