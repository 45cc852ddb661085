import { json, paths, startCatalogue, type CatalogueTestService } from './catalogue-test-service';

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

describe('service files (the calls of docs/product.md)', () => {
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

  it('needs a token and a back-office role', async () => {
    expect((await service.request('/api/service-files', { token: null })).status).toBe(401);
    expect((await service.request('/api/service-files', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await service.request('/api/service-files/delete?id=1', { roles: ['ServiceProvider'] })).status).toBe(403);
    expect((await service.request('/api/service-files', { roles: ['Manager'] })).status).toBe(200);
  });
});
