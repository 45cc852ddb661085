import { json, paths, startCatalogue, uploadedImage, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;

beforeAll(async () => {
  service = await startCatalogue();
});

afterAll(async () => {
  await service?.close();
});

interface CategoryBody {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  active: boolean;
  home: boolean;
  images: string[];
  childCount: number;
  serviceCount: number;
  ancestors?: { id: number; name: string }[];
}

const create = async (body: Record<string, unknown>) => {
  const response = await service.request('/api/categories', { method: 'POST', json: body, roles: ['Manager'] });
  expect(response.status).toBe(201);
  return json<CategoryBody>(response);
};

describe('categories', () => {
  it('creates a root category with the product defaults, and lists the root level by name', async () => {
    const image = await uploadedImage(service);
    const visas = await create({ name: 'Visas', description: 'Visa paperwork', images: [image] });
    expect(visas).toMatchObject({ parentId: null, active: true, home: false, images: [image], childCount: 0, serviceCount: 0 });
    await create({ name: 'Apostille', description: 'Legalisation', home: true, active: false });

    const list = await json<CategoryBody[]>(await service.request('/api/categories'));
    expect(list.map((c) => c.name)).toEqual(['Apostille', 'Visas']);
    expect(list[0]).toMatchObject({ home: true, active: false });
  });

  it('builds a tree: lists a level by parentId and answers a category with its ancestors', async () => {
    const root = await create({ name: 'Immigration', description: 'All immigration' });
    const child = await create({ name: 'Residency', description: 'Permits', parentId: root.id });
    const grandchild = await create({ name: 'Renewals', description: 'Renewals', parentId: child.id });

    const level = await json<CategoryBody[]>(await service.request(`/api/categories?parentId=${root.id}`));
    expect(level.map((c) => c.name)).toEqual(['Residency']);
    expect(level[0].childCount).toBe(1);

    const detail = await json<CategoryBody>(await service.request(`/api/categories/${grandchild.id}`));
    expect(detail.ancestors).toEqual([
      { id: root.id, name: 'Immigration' },
      { id: child.id, name: 'Residency' },
    ]);
    expect((await json<CategoryBody>(await service.request(`/api/categories/${root.id}`))).ancestors).toEqual([]);
  });

  it('refuses a missing name and description with 400 field errors', async () => {
    const response = await service.request('/api/categories', { method: 'POST', json: { name: '  ', description: '' } });
    expect(response.status).toBe(400);
    const body = await json<{ errors: { path: string; message: string }[] }>(response);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required.' },
        { path: 'description', message: 'Description is required.' },
      ]),
    );
  });

  it('refuses an unknown parent, an image never uploaded and a foreign image URL', async () => {
    const response = await service.request('/api/categories', {
      method: 'POST',
      json: { name: 'X', description: 'Y', parentId: 999999, images: ['/api/catalogue/files/0b9f3a52-2f43-4a0e-9d59-0f4a4d1c3c11'] },
    });
    expect(response.status).toBe(400);
    expect(paths(await json(response))).toEqual(['images.0', 'parentId']);
    const foreign = await service.request('/api/categories', {
      method: 'POST',
      json: { name: 'X', description: 'Y', images: ['https://evil.example/x.png'] },
    });
    expect(foreign.status).toBe(400);
    expect(paths(await json(foreign))).toEqual(['images.0']);
  });

  it('refuses a second category of the same name at one level (409 on the name), but allows it elsewhere', async () => {
    const parent = await create({ name: 'Translation', description: 'Translations' });
    await create({ name: 'Certified', description: 'Sworn', parentId: parent.id });
    const twin = await service.request('/api/categories', {
      method: 'POST',
      json: { name: 'CERTIFIED', description: 'Again', parentId: parent.id },
    });
    expect(twin.status).toBe(409);
    expect(paths(await json(twin))).toEqual(['name']);
    await create({ name: 'Certified', description: 'At the root this time' });
  });

  it('updates a category, moves it, and refuses moving it under itself or its own subcategory', async () => {
    const a = await create({ name: 'Tax', description: 'Tax' });
    const b = await create({ name: 'Returns', description: 'Returns', parentId: a.id });
    const c = await create({ name: 'Personal', description: 'Personal', parentId: b.id });

    const updated = await service.request(`/api/categories/${b.id}`, {
      method: 'PUT',
      json: { name: 'Tax returns', description: 'Yearly returns', parentId: a.id, home: true },
    });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ id: b.id, name: 'Tax returns', home: true, childCount: 1 });

    for (const parentId of [a.id, c.id]) {
      const loop = await service.request(`/api/categories/${a.id}`, {
        method: 'PUT',
        json: { name: 'Tax', description: 'Tax', parentId },
      });
      expect(loop.status).toBe(400);
      expect(paths(await json(loop))).toEqual(['parentId']);
    }
    const moved = await service.request(`/api/categories/${c.id}`, {
      method: 'PUT',
      json: { name: 'Personal', description: 'Personal', parentId: null },
    });
    expect(await json(moved)).toMatchObject({ parentId: null });
  });

  it('deletes an empty category, and refuses one that still has subcategories or services (409, clear message)', async () => {
    const parent = await create({ name: 'Old stuff', description: 'To be removed' });
    const child = await create({ name: 'Older stuff', description: 'Also', parentId: parent.id });

    const refused = await service.request(`/api/categories/${parent.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await json<{ detail: string }>(refused)).detail).toBe('This category still has 1 subcategory. Delete or move them first.');

    const withService = await service.request('/api/services', {
      method: 'POST',
      json: { name: 'Archive service', categoryId: child.id, price: 10 },
    });
    expect(withService.status).toBe(201);
    const refusedChild = await service.request(`/api/categories/${child.id}`, { method: 'DELETE' });
    expect(refusedChild.status).toBe(409);
    expect((await json<{ detail: string }>(refusedChild)).detail).toBe('This category still has 1 service. Delete or move them first.');

    const { id: serviceId } = await json<{ id: number }>(withService);
    expect((await service.request(`/api/services/${serviceId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.request(`/api/categories/${child.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.request(`/api/categories/${parent.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.request(`/api/categories/${parent.id}`)).status).toBe(404);
  });

  it('answers 404 for unknown ids and a parent that does not exist, 400 for malformed ids', async () => {
    expect((await service.request('/api/categories/987654')).status).toBe(404);
    expect((await service.request('/api/categories?parentId=987654')).status).toBe(404);
    expect((await service.request('/api/categories/987654', { method: 'PUT', json: { name: 'a', description: 'b' } })).status).toBe(404);
    expect((await service.request('/api/categories/987654', { method: 'DELETE' })).status).toBe(404);
    expect((await service.request('/api/categories/abc')).status).toBe(400);
    expect((await service.request('/api/categories?parentId=-1')).status).toBe(400);
  });

  it('needs a token and a back-office role', async () => {
    expect((await service.request('/api/categories', { token: null })).status).toBe(401);
    expect((await service.request('/api/categories', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await service.request('/api/categories', { roles: ['Manager'] })).status).toBe(200);
    const post = await service.request('/api/categories', {
      method: 'POST',
      json: { name: 'Nope', description: 'Nope' },
      roles: ['ServiceProvider'],
    });
    expect(post.status).toBe(403);
  });
});
