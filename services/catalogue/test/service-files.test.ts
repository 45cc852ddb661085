import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { AUDIT_TOPIC, CATALOGUE_PATHS } from '@backoffice/contracts';
import { json, paths, startCatalogue, type CatalogueTestService } from './catalogue-test-service';

/** An audit event in the outbox: the changes it records. */
type AuditRow = { payload: { data: { changes: { action: string }[] } } };

let service: CatalogueTestService;
let categoryId: number;

beforeAll(async () => {
  service = await startCatalogue();
  const category = await service.request('/api/categories', { method: 'POST', json: { name: 'Visas', description: 'Visas' } });
  categoryId = ((await category.json()) as { id: number }).id;
});

afterAll(async () => {
  await service?.close();
});

interface FileBody {
  id: number;
  name: string;
  accept: string;
  serviceCount: number;
}

const insert = async (body: unknown) => {
  const response = await service.request('/api/service-files/insert', { method: 'POST', json: body, roles: ['Manager'] });
  expect(response.status).toBe(201);
  return json<FileBody>(response);
};

describe('service files (the calls of the specification)', () => {
  it('POST /insert keeps the name and the accepted types as a clean comma list', async () => {
    const file = await insert({ name: '  Bank statement ', accept: 'SHEET, pdf,pdf' });
    expect(file).toEqual({ id: expect.any(Number), name: 'Bank statement', accept: 'pdf,sheet', serviceCount: 0 });
    expect(await insert({ name: 'Anything goes' })).toMatchObject({ accept: '' });
  });

  it('GET lists every definition by name, and GET /byId?id= answers one', async () => {
    const zip = await insert({ name: 'Archive', accept: 'zip' });
    const list = await json<FileBody[]>(await service.request('/api/service-files'));
    expect(list.map((f) => f.name)).toEqual(['Anything goes', 'Archive', 'Bank statement']);
    expect(await json(await service.request(`/api/service-files/byId?id=${zip.id}`))).toEqual({ ...zip });
    expect((await service.request('/api/service-files/byId?id=999999')).status).toBe(404);
    const bad = await service.request('/api/service-files/byId?id=abc');
    expect(bad.status).toBe(400);
    expect(paths(await json(bad))).toEqual(['id']);
  });

  it('refuses an empty name, an unknown type and a duplicate name', async () => {
    const response = await service.request('/api/service-files/insert', { method: 'POST', json: { name: '', accept: 'image,doc' } });
    expect(response.status).toBe(400);
    const body = await json<{ errors: { path: string; message: string }[] }>(response);
    expect(body.errors).toEqual([
      { path: 'name', message: 'Name is required.' },
      { path: 'accept', message: 'Unknown file type "doc": choose from image, pdf, sheet, zip.' },
    ]);
    const twin = await service.request('/api/service-files/insert', { method: 'POST', json: { name: 'ARCHIVE', accept: 'zip' } });
    expect(twin.status).toBe(409);
    expect(paths(await json(twin))).toEqual(['name']);
  });

  it('POST /update changes a definition; unknown id 404, invalid body 400, duplicate 409', async () => {
    const file = await insert({ name: 'ID card', accept: 'image' });
    const response = await service.request('/api/service-files/update', {
      method: 'POST',
      json: { id: file.id, name: 'Identity card', accept: 'image,pdf' },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: file.id, name: 'Identity card', accept: 'image,pdf', serviceCount: 0 });
    expect(
      (await service.request('/api/service-files/update', { method: 'POST', json: { id: 999999, name: 'x', accept: '' } })).status,
    ).toBe(404);
    const invalid = await service.request('/api/service-files/update', { method: 'POST', json: { name: 'x' } });
    expect(invalid.status).toBe(400);
    expect(paths(await json(invalid))).toEqual(['id']);
    const twin = await service.request('/api/service-files/update', {
      method: 'POST',
      json: { id: file.id, name: 'Archive', accept: '' },
    });
    expect(twin.status).toBe(409);
  });

  it('POST {serviceId} answers the required files of that service', async () => {
    const passport = await insert({ name: 'Passport', accept: 'image,pdf' });
    const photo = await insert({ name: 'Photo', accept: 'image' });
    const created = await service.request('/api/services', {
      method: 'POST',
      json: { name: 'Visa', categoryId, price: 100, serviceFiles: [photo.id, passport.id] },
    });
    const { id: serviceId } = await json<{ id: number }>(created);
    const response = await service.request('/api/service-files', { method: 'POST', json: { serviceId } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([
      { ...passport, serviceCount: 1 },
      { ...photo, serviceCount: 1 },
    ]);
    expect((await service.request('/api/service-files', { method: 'POST', json: { serviceId: 999999 } })).status).toBe(404);
    const missing = await service.request('/api/service-files', { method: 'POST', json: {} });
    expect(missing.status).toBe(400);
    expect(paths(await json(missing))).toEqual(['serviceId']);
  });

  it('GET /delete?id= removes an unused definition and refuses one that services require (409)', async () => {
    const used = await insert({ name: 'Signed contract', accept: 'pdf' });
    await service.request('/api/services', {
      method: 'POST',
      json: { name: 'Contract review', categoryId, price: 50, serviceFiles: [used.id] },
    });
    const refused = await service.request(`/api/service-files/delete?id=${used.id}`);
    expect(refused.status).toBe(409);
    expect((await json<{ detail: string }>(refused)).detail).toBe(
      'This service file is required by 1 service ("Contract review"). Remove it from them first.',
    );

    const unused = await insert({ name: 'Temporary', accept: 'zip' });
    expect((await service.request(`/api/service-files/delete?id=${unused.id}`)).status).toBe(204);
    expect((await service.request(`/api/service-files/byId?id=${unused.id}`)).status).toBe(404);
    expect((await service.request(`/api/service-files/delete?id=${unused.id}`)).status).toBe(404);
  });

  describe('POST /delete {id}, the twin of the GET', () => {
    /** A delete with a request id of its own: its status and the audit actions it left in the outbox. */
    const remove = async (
      method: 'GET' | 'POST',
      id: number,
      roles: ('Manager' | 'Admin' | 'ServiceProvider' | 'Salesagent')[] = ['Manager'],
    ) => {
      const requestId = `twin-${randomUUID()}`;
      const response =
        method === 'GET'
          ? await service.request(`${CATALOGUE_PATHS.serviceFileDelete}?id=${id}`, { roles, headers: { 'x-request-id': requestId } })
          : await service.request(CATALOGUE_PATHS.serviceFileDelete, {
              method,
              json: { id },
              roles,
              headers: { 'x-request-id': requestId },
            });
      const rows = (await service.app
        .get(MikroORM)
        .em.getConnection()
        .execute('select payload from outbox where topic like ? and request_id = ?', [`%${AUDIT_TOPIC}`, requestId])) as AuditRow[];
      return { status: response.status, audit: rows.flatMap((row) => row.payload.data.changes.map((change) => change.action)) };
    };

    it('deletes as the GET does: 204 with the same audit record, 404 after, 409 while a service requires it', async () => {
      const byPost = await insert({ name: 'Twin by POST', accept: 'pdf' });
      const byGet = await insert({ name: 'Twin by GET', accept: 'pdf' });
      const viaPost = await remove('POST', byPost.id);
      expect(viaPost.status).toBe(204);
      expect(viaPost.audit.length).toBeGreaterThan(0);
      expect(await remove('GET', byGet.id)).toEqual(viaPost);
      for (const id of [byPost.id, byGet.id]) expect((await service.request(`/api/service-files/byId?id=${id}`)).status).toBe(404);
      expect(await remove('POST', byPost.id)).toEqual({ status: 404, audit: [] });

      const used = await insert({ name: 'Twin in use', accept: 'pdf' });
      await service.request('/api/services', {
        method: 'POST',
        json: { name: 'Twin review', categoryId, price: 5, serviceFiles: [used.id] },
      });
      expect(await remove('POST', used.id)).toEqual({ status: 409, audit: [] });
      const invalid = await service.request(CATALOGUE_PATHS.serviceFileDelete, { method: 'POST', json: { id: 'abc' } });
      expect(invalid.status).toBe(400);
      expect(paths(await json(invalid))).toEqual(['id']);
    });

    it('refuses a role other than Manager and Admin, by POST and by GET, deleting nothing', async () => {
      const kept = await insert({ name: 'Twin kept', accept: 'zip' });
      for (const role of ['ServiceProvider', 'Salesagent'] as const) {
        expect(await remove('POST', kept.id, [role])).toEqual({ status: 403, audit: [] });
        expect(await remove('GET', kept.id, [role])).toEqual({ status: 403, audit: [] });
      }
      expect((await service.request(`/api/service-files/byId?id=${kept.id}`)).status).toBe(200);
      expect((await remove('POST', kept.id, ['Admin'])).status).toBe(204);
    });

    it('is documented, and the GET is marked deprecated, naming it', async () => {
      const doc = (await (await service.request('/openapi.json')).json()) as {
        paths: Record<string, Record<string, { deprecated?: boolean; description?: string }>>;
      };
      expect(doc.paths['/api/service-files/delete'].get).toMatchObject({
        deprecated: true,
        description: expect.stringContaining('POST /api/service-files/delete'),
      });
      expect(doc.paths['/api/service-files/delete'].post?.deprecated).toBeFalsy();
    });
  });

  it('needs a token and a back-office role', async () => {
    expect((await service.request('/api/service-files', { token: null })).status).toBe(401);
    expect((await service.request('/api/service-files', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await service.request('/api/service-files/delete?id=1', { roles: ['ServiceProvider'] })).status).toBe(403);
    expect((await service.request('/api/service-files', { roles: ['Manager'] })).status).toBe(200);
  });
});
