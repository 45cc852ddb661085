import { randomUUID } from 'node:crypto';
import type { ClientServiceSummary, Lead, LeadTablePage, LeadUpload } from '@backoffice/contracts';
import { signToken, type TestService } from '@backoffice/platform/testing';
import { json as ordersJson, seedCatalogue, seedOrder, startOrders, tokenFor } from '../../services/orders/test/orders-test-kit';
import { buildCrm, extract, json, sheet, sql, startCrm, upload, type CrmStack } from '../../services/crm/test/crm-test-kit';
import { neighbourStub, ServiceDatabase, topicPrefix, type StubUser } from './security-kit';

/*
 * No reading across owners, by guessing ids: a service provider tries every client service that is
 * not theirs (and every file of them), a sales agent every lead that is not theirs, with each way
 * in that their role opens. Every attempt is refused, and the other owner's data is unchanged.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('a service provider and client services that are not theirs', () => {
  let orders: TestService;
  let db: ServiceDatabase;
  const manager = tokenFor(['Manager']);
  const [pat, olga] = [randomUUID(), randomUUID()];
  const asPat = tokenFor(['ServiceProvider'], pat, 'Pat Provider');
  const asOlga = tokenFor(['ServiceProvider'], olga, 'Olga Other');
  const owned: Record<string, string[]> = { pat: [], olga: [], nobody: [] };
  const files: Record<string, { cs: string; file: string }[]> = { pat: [], olga: [] };

  const call = (path: string, token: string, init: { method?: string; json?: unknown; body?: Buffer; type?: string } = {}) =>
    orders.request(path, {
      method: init.method ?? (init.json || init.body ? 'POST' : 'GET'),
      token,
      ...(init.json ? { json: init.json } : {}),
      ...(init.body ? { body: new Uint8Array(init.body), headers: { 'content-type': init.type ?? 'image/png' } } : {}),
    });

  /** What a client service holds: what no one but its owner (or staff) may change. */
  const stateOf = async (id: string) => ({
    cs: await db.query(`select status, provider_id, branch_id from client_services where id = $1`, [id]),
    transactions: await db.query(`select count(*)::int as n from service_transactions where client_service_id = $1`, [id]),
    files: await db.query(`select count(*)::int as n from client_service_files where client_service_id = $1`, [id]),
  });

  beforeAll(async () => {
    orders = await startOrders({ KAFKA_TOPIC_PREFIX: topicPrefix() });
    db = await ServiceDatabase.open(orders);
    await seedCatalogue(orders, [{ id: 31, name: 'Passport renewal', price: 90 }]);
    for (const owner of ['pat', 'pat', 'olga', 'olga', 'olga', 'nobody']) {
      const orderId = await seedOrder(orders, [{ itemId: 31, itemName: 'Passport renewal', amount: 90 }]);
      const submitted = await ordersJson<{ clientServiceId: string }>(
        call('/api/client-services/submit', manager, { json: { orderId, itemId: 31 } }),
      );
      const id = submitted.body.clientServiceId;
      owned[owner].push(id);
      if (owner === 'nobody') continue;
      const providerId = owner === 'pat' ? pat : olga;
      expect((await call(`/api/ServiceSubmissions/assignProvider/${id}/${providerId}`, manager)).status).toBe(200);
      const token = owner === 'pat' ? asPat : asOlga;
      const file = await ordersJson<{ id: string }>(
        call(`/api/client-services/${id}/files?name=proof.png&kind=transaction`, token, { body: PNG }),
      );
      expect(file.status).toBe(201);
      files[owner].push({ cs: id, file: file.body.id });
      const tx = await call('/api/ServiceTransaction', token, {
        json: { clientServiceId: id, status: 'Verified', note: 'Checked', files: [file.body.id] },
      });
      expect(tx.status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await orders?.close();
  });

  it('lists only their own', async () => {
    const list = await ordersJson<ClientServiceSummary[]>(call('/api/client-services', asPat));
    expect(list.body.map((cs) => cs.id).sort()).toEqual([...owned.pat].sort());
  });

  it('can neither read nor change any other client service, whatever id they try', async () => {
    const all = (await ordersJson<ClientServiceSummary[]>(call('/api/client-services', manager))).body.map((cs) => cs.id);
    const others = all.filter((id) => !owned.pat.includes(id));
    expect(others.length).toBe(owned.olga.length + owned.nobody.length);
    const before = await Promise.all(others.map(stateOf));
    const refusals: Record<string, number> = {};
    const ids = [...others, randomUUID()];
    for (const id of ids) {
      const attempts: [string, Promise<Response>][] = [
        ['read', call(`/api/client-services/${id}`, asPat)],
        ['read transactions', call(`/api/ServiceTransaction/${id}`, asPat)],
        [
          'add a transaction',
          call('/api/ServiceTransaction', asPat, { json: { clientServiceId: id, status: 'Completed', note: 'mine now' } }),
        ],
        ['upload a file', call(`/api/client-services/${id}/files?name=x.png&kind=transaction`, asPat, { body: PNG })],
        ['assign themselves', call(`/api/ServiceSubmissions/assignProvider/${id}/${pat}`, asPat)],
        ['clear the provider', call(`/api/ServiceSubmissions/assignClearProvider/${id}`, asPat)],
        // The POST twins of those GETs, the way new clients and the console call them.
        ['assign themselves (POST)', call(`/api/ServiceSubmissions/assignProvider/${id}/${pat}`, asPat, { method: 'POST' })],
        ['clear the provider (POST)', call(`/api/ServiceSubmissions/assignClearProvider/${id}`, asPat, { method: 'POST' })],
        ['clear the branch (POST)', call(`/api/ServiceSubmissions/assignClearBranch/${id}`, asPat, { method: 'POST' })],
      ];
      for (const [what, attempt] of attempts) {
        const status = (await attempt).status;
        expect({ id, what, refused: status === 403 || status === 404 }).toEqual({ id, what, refused: true });
        refusals[what] = (refusals[what] ?? 0) + 1;
      }
    }
    // Files of other client services, by their id, under theirs and under one of Pat's own.
    for (const { cs, file } of files.olga) {
      expect((await call(`/api/client-services/${cs}/files/${file}`, asPat)).status).toBe(403);
      expect((await call(`/api/client-services/${owned.pat[0]}/files/${file}`, asPat)).status).toBe(404);
    }
    expect(await Promise.all(others.map(stateOf))).toEqual(before);
    // Olga still reads her own, untouched.
    expect((await call(`/api/client-services/${owned.olga[0]}/files/${files.olga[0].file}`, asOlga)).status).toBe(200);
    // Every way in was tried on every id (the others' and one that names nothing), and refused each time.
    expect(Object.values(refusals)).toEqual(Array(9).fill(ids.length));
  });
});

describe('a sales agent and leads that are not theirs', () => {
  let stack: CrmStack;
  let stub: Awaited<ReturnType<typeof neighbourStub>>;
  const agent = (name: string): StubUser => ({
    id: randomUUID(),
    name,
    email: `${name.split(' ')[0].toLowerCase()}@agents.test`,
    roles: ['Salesagent'],
    active: true,
  });
  const ann = agent('Ann Agent');
  const bob = agent('Bob Agent');
  const as = (user: StubUser) => signToken({ sub: user.id, name: user.name, email: user.email, roles: ['Salesagent'] });
  const manager = signToken({ roles: ['Manager'] });
  let leadIds: number[] = [];
  const mine: Record<string, number[]> = {};

  beforeAll(async () => {
    buildCrm();
    stub = await neighbourStub([ann, bob]);
    stack = await startCrm({ IDENTITY_URL: stub.url, KAFKA_TOPIC_PREFIX: topicPrefix() });
    await stack.startWorker();
    const rows = Array.from({ length: 12 }, (_, i) => [
      '',
      `Guess${String(i).padStart(2, '0')}`,
      'Owner',
      '',
      '',
      '',
      '',
      `guess${i}@owners.test`,
      `+1 555 030 ${String(1000 + i)}`,
      '',
    ]);
    const file = await json<LeadUpload>(await upload(stack.api, await sheet(rows), 'owners.xlsx'));
    const job = await extract(stack.api, file.id);
    expect(job.state).toBe('completed');
    leadIds = (await sql<{ id: number }>(stack.api, 'select id from leads order by id')).map((row) => row.id);
    expect(leadIds).toHaveLength(12);
    mine[ann.id] = leadIds.slice(0, 5);
    mine[bob.id] = leadIds.slice(5, 9);
    for (const user of [ann, bob]) {
      const response = await stack.api.request(`/api/leads/users/${user.id}`, {
        method: 'PUT',
        token: manager,
        json: { changes: mine[user.id].map((leadId) => ({ leadId, add: true })) },
      });
      expect(response.status).toBe(200);
    }
    for (const leadId of mine[ann.id]) {
      const saved = await stack.api.request(`/api/leads/mine/${leadId}`, {
        method: 'PATCH',
        token: as(ann),
        json: { notes: `Ann's note ${leadId}` },
      });
      expect(saved.status).toBe(200);
    }
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    await stub?.close();
  });

  it('sees only their own leads, even when searching for another agent’s', async () => {
    const page = await json<LeadTablePage<Lead>>(await stack.api.request('/api/leads/mine?length=100', { token: as(bob) }));
    expect(page.data.map((lead) => lead.id).sort((a, b) => a - b)).toEqual(mine[bob.id]);
    for (const search of ['Guess00', 'guess1@owners.test', `Ann's note`, '555 030 1000']) {
      const found = await json<LeadTablePage<Lead>>(
        await stack.api.request(`/api/leads/mine?search=${encodeURIComponent(search)}`, { token: as(bob) }),
      );
      expect(found.data.filter((lead) => !mine[bob.id].includes(lead.id))).toEqual([]);
    }
  });

  it('can write notes on no lead but their own, whatever id they try', async () => {
    const notesBefore = await sql<{ id: number; notes: string | null }>(stack.api, 'select id, notes from leads order by id');
    const maxId = Math.max(...leadIds);
    const tried: number[] = [];
    for (let id = 1; id <= maxId + 5; id++) {
      if (mine[bob.id].includes(id)) continue;
      tried.push(id);
      const response = await stack.api.request(`/api/leads/mine/${id}`, {
        method: 'PATCH',
        token: as(bob),
        json: { notes: 'Bob was here' },
      });
      expect({ id, status: response.status }).toEqual({ id, status: 404 });
    }
    expect(tried.length).toBeGreaterThanOrEqual(leadIds.length - mine[bob.id].length);
    expect(await sql(stack.api, 'select id, notes from leads order by id')).toEqual(notesBefore);
  });

  it('cannot reach another agent’s leads through the manager’s screens', async () => {
    for (const path of [
      `/api/leads/users/${ann.id}`,
      '/api/leads/groups',
      `/api/leads/groups/1/leads`,
      `/api/leads/groups/1/export.xlsx`,
      '/api/leads/assignable',
      '/api/leads/uploads',
    ]) {
      expect({ path, status: (await stack.api.request(path, { token: as(bob) })).status }).toEqual({ path, status: 403 });
    }
    const takeover = await stack.api.request(`/api/leads/users/${bob.id}`, {
      method: 'PUT',
      token: as(bob),
      json: { changes: mine[ann.id].map((leadId) => ({ leadId, add: true })) },
    });
    expect(takeover.status).toBe(403);
    const annStill = await json<LeadTablePage<Lead>>(await stack.api.request('/api/leads/mine?length=100', { token: as(ann) }));
    expect(annStill.data.map((lead) => lead.id).sort((a, b) => a - b)).toEqual(mine[ann.id]);
  });
});
