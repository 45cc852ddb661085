import { createServer } from 'node:http';

/**
 * The orders service's internal order check, for payments' tests: every order exists but those in `missing`, with
 * the total `totals` names, else ORDER_TOTAL.
 */
export const ORDER_TOTAL = 1000;
export async function startOrdersStub(
  missing: ReadonlySet<string> = new Set(),
  totals: ReadonlyMap<string, number> = new Map(),
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const id = /^\/internal\/orders\/([^/?]+)$/.exec(request.url ?? '')?.[1];
    if (!id || missing.has(id)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ id, amount: totals.get(id) ?? ORDER_TOTAL }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
