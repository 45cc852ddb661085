import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { Client } from 'pg';
import { AUDIT_TOPIC, type AuditEventData } from '@backoffice/contracts';
import { runWithLogContext, setCurrentActor } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import { BranchEntity } from '../src/branches/branch.entity';
import { startScheduling } from './scheduling-test-kit';

let service: TestService;

beforeAll(async () => {
  service = await startScheduling({ DEFAULT_BRANCH_TIME_ZONE: 'Europe/Paris' });
});

afterAll(async () => {
  await service?.close();
});

const valid = {
  name: 'Lyon Branch',
  phoneNumber: '+33 4 72 00 00 00',
  address: '10 Place Bellecour, 69002 Lyon',
  type: 'Branch',
  countryCCN3: '250',
};

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const create = (body: unknown, roles?: ('Admin' | 'Manager' | 'Salesagent' | 'ServiceProvider')[]) =>
  service.request('/api/branches', { method: 'POST', json: body, roles });

describe('branch CRUD', () => {
  it('creates a branch with defaults (active, no location, the configured time zone), reads, lists, updates and deletes it', async () => {
    const created = await json(await create(valid, ['Manager']));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, active: true, location: null, timeZone: 'Europe/Paris' });
    expect(created.body.id).toEqual(expect.any(Number));
    const id = created.body.id;

    const read = await json(await service.request(`/api/branches/${id}`, { roles: ['Manager'] }));
    expect(read).toMatchObject({ status: 200, body: created.body });

    const updated = await json(
      await service.request(`/api/branches/${id}`, {
        method: 'PUT',
        json: {
          ...valid,
          name: 'Lyon Head Office',
          type: 'Head Office',
          active: false,
          location: { lat: 45.7578, lng: 4.832 },
          timeZone: 'europe/paris',
        },
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'Lyon Head Office',
      type: 'Head Office',
      active: false,
      location: { lat: 45.7578, lng: 4.832 },
      timeZone: 'Europe/Paris',
    });

    const list = await json(await service.request('/api/branches'));
    expect(list.status).toBe(200);
    expect(list.body.map((b: { id: number }) => b.id)).toContain(id);

    const removed = await service.request(`/api/branches/${id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await service.request(`/api/branches/${id}`)).status).toBe(404);
    expect((await service.request(`/api/branches/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('lists branches sorted by name', async () => {
    for (const name of ['Zeta Office', 'Alpha Office']) expect((await create({ ...valid, name })).status).toBe(201);
    const names = ((await (await service.request('/api/branches')).json()) as { name: string }[]).map((b) => b.name);
    expect(names.indexOf('Alpha Office')).toBeLessThan(names.indexOf('Zeta Office'));
  });

  it('keeps an explicit time zone and all four types', async () => {
    for (const [i, type] of ['Branch', 'Head Office', 'Partner Branch', 'SPP'].entries()) {
      const { status, body } = await json(await create({ ...valid, name: `Typed ${i}`, type, timeZone: 'Asia/Tokyo' }));
      expect(status).toBe(201);
      expect(body).toMatchObject({ type, timeZone: 'Asia/Tokyo' });
    }
  });

  it('publishes branch events to the outbox in the same transaction', async () => {
    const { body } = await json(await create({ ...valid, name: 'Evented Office' }));
    await service.request(`/api/branches/${body.id}`, { method: 'DELETE' });
    const db = new Client({ connectionString: service.databaseUrl });
    await db.connect();
    const rows = await db.query('select type, key, payload from outbox where key = $1 order by seq', [String(body.id)]);
    await db.end();
    // A deletion on the compacted topic: a `deleted` event naming the branch, then a tombstone.
    expect(rows.rows.map((row) => row.type)).toEqual(['created', 'deleted', 'deleted']);
    expect(rows.rows[1].payload.data).toEqual({ id: body.id });
    expect(rows.rows[2].payload).toBeNull();
  });
});

describe('branch validation', () => {
  it('flags every required field of the form when empty, with 400 problem+json', async () => {
    const response = await create({ name: '', phoneNumber: '', address: ' ', type: '', countryCCN3: '' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const body = await response.json();
    const paths = body.errors.map((e: { path: string }) => e.path);
    for (const field of ['name', 'phoneNumber', 'address', 'type', 'countryCCN3']) expect(paths).toContain(field);
    expect(body.errors.find((e: { path: string }) => e.path === 'name').message).toBe('Name is required');
    expect(body.errors.find((e: { path: string }) => e.path === 'type').message).toBe('Type is required');
  });

  it('refuses a missing body', async () => {
    expect((await create({})).status).toBe(400);
  });

  it('refuses an unknown country, a bad phone, a bad location and an unknown time zone', async () => {
    const unknownCountry = await json(await create({ ...valid, countryCCN3: '999' }));
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.errors).toEqual([{ path: 'countryCCN3', message: 'Unknown country' }]);

    const phone = await json(await create({ ...valid, phoneNumber: 'call us' }));
    expect(phone.body.errors[0].path).toBe('phoneNumber');

    const location = await json(await create({ ...valid, location: { lat: 91, lng: 0 } }));
    expect(location.status).toBe(400);
    expect(location.body.errors[0].path).toBe('location.lat');

    const zone = await json(await create({ ...valid, timeZone: 'Mars/Olympus' }));
    expect(zone.status).toBe(400);
    expect(zone.body.errors[0]).toEqual({ path: 'timeZone', message: 'Unknown time zone' });
  });

  it('refuses a second branch with the same name (any case) with 409, also on update', async () => {
    expect((await create({ ...valid, name: 'Unique Office' })).status).toBe(201);
    const duplicate = await json(await create({ ...valid, name: 'unique office' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('A branch named "unique office" already exists.');

    const other = await json(await create({ ...valid, name: 'Other Office' }));
    const rename = await service.request(`/api/branches/${other.body.id}`, { method: 'PUT', json: { ...valid, name: 'UNIQUE OFFICE' } });
    expect(rename.status).toBe(409);
    const same = await service.request(`/api/branches/${other.body.id}`, { method: 'PUT', json: { ...valid, name: 'Other Office' } });
    expect(same.status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await service.request('/api/branches/999999')).status).toBe(404);
    expect((await service.request('/api/branches/999999', { method: 'PUT', json: valid })).status).toBe(404);
    const bad = await json(await service.request('/api/branches/abc'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('id');
  });
});

describe('branch access', () => {
  it('needs a token (401) and a back-office role (403)', async () => {
    expect((await service.request('/api/branches', { token: null })).status).toBe(401);
    expect((await service.request('/api/branches', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await create(valid, ['ServiceProvider'])).status).toBe(403);
    expect((await service.request('/api/branches/countries', { roles: ['Salesagent'] })).status).toBe(403);
  });
});

describe('countries for branches', () => {
  it('lists the bundled countries sorted by name, with ccn3, names, dialling root and a local flag', async () => {
    const { status, body } = await json(await service.request('/api/branches/countries', { roles: ['Manager'] }));
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(240);
    const france = body.find((c: { ccn3: string }) => c.ccn3 === '250');
    expect(france).toEqual({
      ccn3: '250',
      cca2: 'FR',
      name: { common: 'France', official: 'French Republic' },
      idd: { root: '+3', suffixes: ['3'] },
      flags: { svg: '/api/branches/countries/250/flag.svg' },
    });
    const names = body.map((c: { name: { common: string } }) => c.name.common);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });

  it('serves a flag without a token, as SVG', async () => {
    const response = await service.request('/api/branches/countries/840/flag.svg', { token: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(await response.text()).toMatch(/^<svg/);
  });

  it('answers 404 for the flag of an unknown country and 400 for a malformed code', async () => {
    expect((await service.request('/api/branches/countries/999/flag.svg', { token: null })).status).toBe(404);
    expect((await service.request('/api/branches/countries/fr/flag.svg', { token: null })).status).toBe(400);
  });
});

describe('the audit log', () => {
  /** A branch created by an actor inside a transaction of its own, which fails after the flush when asked to. */
  const change = (requestId: string, name: string, fail: boolean) =>
    runWithLogContext({ requestId }, async () => {
      setCurrentActor({ id: 'actor-1', name: 'Audit Tester', kind: 'user' });
      await service.app
        .get(MikroORM)
        .em.fork()
        .transactional(async (em) => {
          await em
            .persist(
              em.create(BranchEntity, {
                ...valid,
                type: 'Branch',
                name,
                timeZone: 'UTC',
                active: true,
                createdAt: new Date(),
                updatedAt: new Date(),
              }),
            )
            .flush();
          if (fail) throw new Error('a failure after the change, inside its transaction');
        });
    });

  async function rows(sql: string, params: unknown[]) {
    const db = new Client({ connectionString: service.databaseUrl });
    await db.connect();
    try {
      return (await db.query(sql, params)).rows;
    } finally {
      await db.end();
    }
  }
  const branches = (name: string) => rows('select id from branches where name = $1', [name]);
  const auditRows = (requestId: string) =>
    rows('select payload from outbox where topic like $1 and request_id = $2', [`%${AUDIT_TOPIC}`, requestId]) as Promise<
      { payload: { data: AuditEventData } }[]
    >;

  it('writes the change and its audit row together, or neither when the transaction fails after the flush', async () => {
    const failed = `Rolled back ${randomUUID().slice(0, 8)}`;
    await expect(change('audit-rollback', failed, true)).rejects.toThrow('a failure after the change');
    expect(await branches(failed)).toHaveLength(0);
    expect(await auditRows('audit-rollback')).toHaveLength(0);

    const kept = `Committed ${randomUUID().slice(0, 8)}`;
    await change('audit-commit', kept, false);
    const [branch] = await branches(kept);
    const [audit, ...more] = await auditRows('audit-commit');
    expect(more).toHaveLength(0);
    expect(audit.payload.data.actor).toEqual({ id: 'actor-1', name: 'Audit Tester', kind: 'user' });
    expect(audit.payload.data.changes).toEqual([
      expect.objectContaining({ entityType: 'Branch', recordId: String(branch.id), action: 'created' }),
    ]);
    expect(audit.payload.data.changes[0].fields.name).toEqual({ before: null, after: kept });
  });
});
