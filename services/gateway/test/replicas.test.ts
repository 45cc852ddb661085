import { createServer, type Server } from 'node:http';
import type { TestService } from '@backoffice/platform/testing';
import { startGateway } from './gateway-test-kit';

/** A stand-in replica: answers readiness as told, and echoes each request's body with its own name. */
function replica(name: string): Promise<{
  server: Server;
  url: string;
  ready: { value: boolean };
  /** Refuses every request as a replica shutting down does (503, Retry-After, Connection: close), readiness too. */
  refusing: { value: boolean };
  /** Refuses every request so, but readiness (a replica whose probe answered just before its SIGTERM). */
  refusingButReady: { value: boolean };
  /** Requests it refused so, readiness probes not counted (the gateway probes every 200 ms, however slow the test). */
  refused: { count: number };
  /** Cuts every request but readiness without an answer (a kept-alive connection closed as the replica stops). */
  cutting: { value: boolean };
  /** Readiness probes answered so far. */
  probes: { count: number };
  bodies: string[];
}> {
  const cutting = { value: false };
  const ready = { value: true };
  const refusing = { value: false };
  const refusingButReady = { value: false };
  const refused = { count: 0 };
  const probes = { count: 0 };
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    if (request.url === '/health/ready') probes.count++;
    if (cutting.value && request.url !== '/health/ready') return void request.socket.destroy();
    if (refusing.value || (refusingButReady.value && request.url !== '/health/ready')) {
      if (request.url !== '/health/ready') refused.count++;
      response.writeHead(503, { 'retry-after': '1', connection: 'close', 'content-type': 'application/problem+json' });
      return response.end('{"code":"shutting_down"}');
    }
    if (request.url === '/health/ready') {
      response.statusCode = ready.value ? 200 : 503;
      return response.end();
    }
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ replica: name, body }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        ready,
        refusing,
        refusingButReady,
        refused,
        cutting,
        probes,
        bodies,
      }),
    ),
  );
}

type Replica = Awaited<ReturnType<typeof replica>>;

/**
 * Until the gateway has acted on a probe of each replica made after this call: two more probes each. The first probe
 * that arrives may have been sent before the caller changed the replica's state (or be answered after it); the gateway
 * sends the next round only once the last one's answers are applied, so the second round's arrival means the state of
 * the first round (answered with the new state) is the gateway's.
 */
async function probed(...replicas: Replica[]): Promise<void> {
  const targets = replicas.map((r) => r.probes.count + 2);
  const deadline = Date.now() + 10_000;
  while (replicas.some((r, i) => r.probes.count < targets[i])) {
    if (Date.now() > deadline) throw new Error('the gateway stopped probing the replicas');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A port nothing listens on now (taken and let go at once), for a replica that starts later. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let gateway: TestService;
let a: Replica;
let b: Replica;
/** The two catalogue replicas' ports: neither listens until a test starts one. */
let late: number[];

beforeAll(async () => {
  [a, b] = await Promise.all([replica('a'), replica('b')]);
  late = [await freePort(), await freePort()];
  gateway = await startGateway({
    // Three identity replicas, the first of which refuses every connection (stopped, or restarting).
    IDENTITY_URL: `http://127.0.0.1:1, ${a.url},${b.url}/`,
    CATALOGUE_URL: late.map((port) => `http://127.0.0.1:${port}`).join(','),
  });
});

afterAll(async () => {
  await gateway?.close();
  a?.server.close();
  b?.server.close();
});

const login = async (n: number) => {
  const response = await gateway.request('/api/auth/login', { method: 'POST', token: null, json: { username: `user${n}`, password: 'x' } });
  return { status: response.status, ...((await response.json()) as { replica: string; body: string }) };
};

it('balances requests over the replicas and sends a refused one, body and all, to the next replica', async () => {
  const answers = [];
  for (let n = 0; n < 30; n++) answers.push(await login(n));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  // Every body arrived whole, at one replica only.
  answers.forEach((answer, n) => expect(JSON.parse(answer.body)).toEqual({ username: `user${n}`, password: 'x' }));
  expect(a.bodies.length + b.bodies.length).toBe(30);
  expect(a.bodies.length).toBeGreaterThanOrEqual(10);
  expect(b.bodies.length).toBeGreaterThanOrEqual(10);
});

it('stops sending to a replica that turns unready (draining) and takes it back once it is ready', async () => {
  b.ready.value = false;
  await probed(b);
  const drained = [];
  for (let n = 0; n < 10; n++) drained.push(await login(n));
  expect(drained.map((answer) => answer.replica)).toEqual(Array(10).fill('a'));

  b.ready.value = true;
  await probed(b);
  const back = [];
  for (let n = 0; n < 10; n++) back.push(await login(n));
  expect(new Set(back.map((answer) => answer.replica))).toEqual(new Set(['a', 'b']));
});

it('still sends requests when no replica is ready (a probe alone never refuses a request)', async () => {
  a.ready.value = false;
  b.ready.value = false;
  await probed(a, b);
  expect((await login(1)).status).toBe(200);
  a.ready.value = true;
  b.ready.value = true;
});

it('sends a request without a body that a replica refused while shutting down (503, Retry-After) to the next one, and stops using that replica at once', async () => {
  b.refusing.value = true; // no probe has seen it yet: the first answers tell the gateway
  const statuses = [];
  for (let n = 0; n < 10; n++) statuses.push((await gateway.request('/api/auth/profile', { roles: ['Manager'] })).status);
  expect(statuses).toEqual(Array(10).fill(200));
  const before = a.bodies.length;
  for (let n = 0; n < 4; n++) expect((await login(n)).replica).toBe('a');
  expect(a.bodies.length).toBe(before + 4);
  b.refusing.value = false;
});

it('sends a request with a body that a replica refused while shutting down to the next one, the body whole', async () => {
  await probed(b); // b back in the rotation after the last test's refusals
  b.refusingButReady.value = true; // its probe keeps answering ready: only the refusals tell the gateway
  const refusedBefore = b.refused.count;
  const answers = [];
  for (let n = 0; n < 20; n++) answers.push(await login(n));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  answers.forEach((answer, n) => expect(JSON.parse(answer.body)).toEqual({ username: `user${n}`, password: 'x' }));
  expect(answers.every((answer) => answer.replica === 'a')).toBe(true);
  expect(b.refused.count).toBeGreaterThan(refusedBefore); // b was tried, and refused, and the request went on
  b.refusingButReady.value = false;
});

it('does not send an upload larger than it keeps to a second replica: the failure reaches the client', async () => {
  a.refusingButReady.value = true;
  b.refusingButReady.value = true;
  const big = 'x'.repeat(300 * 1024);
  const response = await gateway.request('/api/auth/login', { method: 'POST', token: null, json: { username: big, password: 'x' } });
  // 503 as refused, or 502 when the replica closed the connection while the gateway was still sending the body.
  expect([502, 503]).toContain(response.status);
  a.refusingButReady.value = false;
  b.refusingButReady.value = false;
  // The refusal may have marked the replica it reached as shutting down: until a probe finds it ready again, the next
  // test would meet it so (and, both unready, try it in turn with the other), depending on which one this one reached.
  await probed(a, b);
});

it('with no replica ready, prefers one merely unproven (starting) to one that said it is shutting down', async () => {
  a.ready.value = false; // starting: its probe answers 503, but it never said it is stopping
  b.refusing.value = true; // shutting down
  await probed(a, b);
  const refusedBefore = b.refused.count;
  const statuses = [];
  for (let n = 0; n < 10; n++) statuses.push((await login(n)).status);
  expect(statuses).toEqual(Array(10).fill(200));
  // At most its first refusal (which told the gateway); every request was answered by a.
  expect(b.refused.count - refusedBefore).toBeLessThanOrEqual(1);
  a.ready.value = true;
  b.refusing.value = false;
  await probed(a, b);
});

it('sends a GET cut before its answer began to the next replica, never a POST', async () => {
  b.cutting.value = true;
  const statuses = [];
  for (let n = 0; n < 10; n++) statuses.push((await gateway.request('/api/auth/profile', { roles: ['Manager'] })).status);
  expect(statuses).toEqual(Array(10).fill(200));
  // A POST may have been handled before the cut: its failure reaches the client.
  const posts = [];
  for (let n = 0; n < 6; n++) posts.push((await login(n)).status);
  expect(posts).toContain(502);
  b.cutting.value = false;
});

it('sends a request every replica refused round them again a moment later: a replica starting meanwhile answers it', async () => {
  const starting = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"replica":"late"}');
  });
  const asked = gateway.request('/api/categories', { roles: ['Manager'] });
  // Both replicas refuse its first round; the second one listens before the gateway's next round.
  setTimeout(() => starting.listen(late[1], '127.0.0.1'), 50);
  try {
    const response = await asked;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ replica: 'late' });
  } finally {
    starting.closeAllConnections();
    starting.close();
  }
});
