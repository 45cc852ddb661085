import { createServer, type Server } from 'node:http';
import { REPLICA_SHARE_MAX_MS, fetchFromReplicas, serviceUrlsSchema } from './service-replicas';

function server(status: number, headers: Record<string, string> = {}): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const created = createServer((request, response) => {
    hits.push(request.url!);
    response.writeHead(status, headers).end(String(status));
  });
  return new Promise((resolve) =>
    created.listen(0, '127.0.0.1', () =>
      resolve({ server: created, url: `http://127.0.0.1:${(created.address() as { port: number }).port}`, hits }),
    ),
  );
}

describe('serviceUrlsSchema', () => {
  it('takes one URL or a comma list, trimmed and without trailing slashes', () => {
    expect(serviceUrlsSchema.parse('http://a:1/')).toBe('http://a:1');
    expect(serviceUrlsSchema.parse(' http://a:1/ , http://b:1,')).toBe('http://a:1,http://b:1');
    expect(serviceUrlsSchema.safeParse('http://a:1,not a url').success).toBe(false);
    expect(serviceUrlsSchema.safeParse('').success).toBe(false);
  });
});

describe('fetchFromReplicas', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('takes turns over the replicas', async () => {
    const [a, b] = await Promise.all([server(200), server(200)]);
    servers.push(a.server, b.server);
    for (let i = 0; i < 4; i++) expect((await fetchFromReplicas(`${a.url},${b.url}`, `/x${i}`, { timeoutMs: 2000 })).status).toBe(200);
    expect(a.hits).toHaveLength(2);
    expect(b.hits).toHaveLength(2);
  });

  it('asks the next replica when one refuses the connection or is shutting down (503 with Retry-After)', async () => {
    const draining = await server(503, { 'retry-after': '1' });
    const up = await server(200);
    servers.push(draining.server, up.server);
    const urls = `http://127.0.0.1:1,${draining.url},${up.url}`;
    for (let i = 0; i < 3; i++) expect((await fetchFromReplicas(urls, '/y', { timeoutMs: 2000 })).status).toBe(200);
    expect(up.hits).toHaveLength(3);
  });

  it('leaves a replica that does not answer within its share of the time for the next one', async () => {
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const up = await server(200);
    servers.push(hung, up.server);
    const urls = `http://127.0.0.1:${(hung.address() as { port: number }).port},${up.url}`;
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      expect((await fetchFromReplicas(urls, '/h', { timeoutMs: 2000 })).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1900);
    }
    // A larger budget is not split evenly: the silent replica costs at most REPLICA_SHARE_MAX_MS, the rest is the next one's.
    const started = Date.now();
    expect((await fetchFromReplicas(urls, '/h', { timeoutMs: 6000 })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(REPLICA_SHARE_MAX_MS + 900);
    expect(up.hits).toHaveLength(3);
    hung.closeAllConnections();
    // With no replica left, the caller's budget stands: a timeout.
    await expect(
      fetchFromReplicas(`http://127.0.0.1:${(hung.address() as { port: number }).port}`, '/h', { timeoutMs: 300 }),
    ).rejects.toThrow();
  });

  it('answers the last replica’s own 503 (a real failure) when every replica was tried', async () => {
    const failing = await server(503);
    servers.push(failing.server);
    expect((await fetchFromReplicas(`http://127.0.0.1:1,${failing.url}`, '/z', { timeoutMs: 2000 })).status).toBe(503);
    await expect(fetchFromReplicas('http://127.0.0.1:1', '/z', { timeoutMs: 2000 })).rejects.toThrow();
  });
});
