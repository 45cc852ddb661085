import { createServer } from 'node:http';

/** The orders service's internal existence check, for payments' tests: every order exists but those in `missing`. */
export async function startOrdersStub(missing: ReadonlySet<string> = new Set()): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const id = /^\/internal\/orders\/([^/?]+)$/.exec(request.url ?? '')?.[1];
    response.statusCode = !id || missing.has(id) ? 404 : 204;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
