import { json, paths, startCatalogue, uploadedImage, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;
let categoryId: number;
let otherCategoryId: number;
let passportId: number;
let photoId: number;

beforeAll(async () => {
  service = await startCatalogue();
  const post = async (path: string, body: unknown) => json<{ id: number }>(await service.request(path, { method: 'POST', json: body }));
  categoryId = (await post('/api/categories', { name: 'Visas', description: 'Visa paperwork' })).id;
  otherCategoryId = (await post('/api/categories', { name: 'Translation', description: 'Translations' })).id;
  passportId = (await post('/api/service-files/insert', { name: 'Passport copy', accept: 'image,pdf' })).id;
  photoId = (await post('/api/service-files/insert', { name: 'Photo', accept: 'image' })).id;
});

afterAll(async () => {
  await service?.close();
});

const createService = (body: Record<string, unknown>, roles: ('Admin' | 'Manager' | 'Salesagent')[] = ['Manager']) =>
  service.request('/api/services', { method: 'POST', json: body, roles });

describe('services', () => {
  it('creates a service with the product defaults', async () => {
    const response = await createService({ name: 'Visa check', categoryId, price: 25 });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({
      id: expect.any(Number),
      active: true,
      name: 'Visa check',
      description: '',
      description_Ar: '',
      categoryId,
      images: [],
      deliveryTime: 0,
      deliveryTimeRate: 'None',
      deliveryType: 'None',
      shippingType: 'None',
      priceBefore: 0,
      price: 25,
      physical: false,
      electronical: false,
      branches: [],
      serviceFiles: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps every field of a service, answering required files by name and type', async () => {
    const image = await uploadedImage(service);
    const body = {
      active: false,
      name: 'Tourist visa',
      description: 'File and book the appointment.',
      description_Ar: 'نقوم بإعداد الطلب',
      categoryId,
      images: [image],
      deliveryTime: 5,
      deliveryTimeRate: 'Days',
      deliveryType: 'Online',
      shippingType: 'UPS',
      priceBefore: 199.99,
      price: 149.5,
      physical: true,
      electronical: true,
      branches: [3, 1],
      serviceFiles: [photoId, passportId],
    };
    const created = await json<{ id: number }>(await createService(body));
    const fetched = await json(await service.request(`/api/services/${created.id}`));
    expect(fetched).toMatchObject({
      ...body,
      serviceFiles: [
        { id: passportId, name: 'Passport copy', accept: 'image,pdf' },
        { id: photoId, name: 'Photo', accept: 'image' },
      ],
    });
  });

  it('lists the services of a category by name, and every service without a category', async () => {
    await createService({ name: 'Apostille', categoryId: otherCategoryId, price: 30 });
    const visas = await json<{ name: string }[]>(await service.request(`/api/services?categoryId=${categoryId}`));
    expect(visas.map((s) => s.name)).toEqual(['Tourist visa', 'Visa check']);
    const all = await json<{ name: string }[]>(await service.request('/api/services'));
    expect(all.map((s) => s.name)).toEqual(['Apostille', 'Tourist visa', 'Visa check']);
    expect((await service.request('/api/services?categoryId=999999')).status).toBe(404);
    expect((await service.request('/api/services?categoryId=x')).status).toBe(400);
  });

  it('refuses what the form flags: empty name, price not above 0, a delivery time without a unit', async () => {
    const response = await createService({ name: '', categoryId, price: 0, deliveryTime: 3, deliveryTimeRate: 'None' });
    expect(response.status).toBe(400);
    const body = await json<{ errors: { path: string; message: string }[] }>(response);
    expect(body.errors).toEqual([
      { path: 'name', message: 'Name is required.' },
      { path: 'price', message: 'Price must be above 0.' },
      { path: 'deliveryTimeRate', message: 'Choose the unit of the delivery time.' },
    ]);
  });

  it('refuses wrong types, unknown enum values, negative and over-precise amounts, repeated ids', async () => {
    const response = await createService({
      name: 'X',
      categoryId: 'abc',
      price: 10.001,
      priceBefore: -1,
      deliveryTime: 1.5,
      deliveryType: 'Teleport',
      shippingType: 'DHL',
      physical: 'yes',
      branches: [1, 1],
    });
    expect(response.status).toBe(400);
    expect(paths(await json(response))).toEqual([
      'branches',
      'categoryId',
      'deliveryTime',
      'deliveryType',
      'physical',
      'price',
      'priceBefore',
      'shippingType',
    ]);
    const broken = await service.request('/api/services', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
  });

  it('refuses an unknown category, unknown required files and images never uploaded', async () => {
    const response = await createService({
      name: 'Ghost',
      categoryId: 999999,
      price: 10,
      serviceFiles: [passportId, 999999],
      images: ['/api/catalogue/files/0b9f3a52-2f43-4a0e-9d59-0f4a4d1c3c11'],
    });
    expect(response.status).toBe(400);
    expect(paths(await json(response))).toEqual(['categoryId', 'images.0', 'serviceFiles.1']);
  });

  it('refuses a second service of the same name in one category (409 on the name)', async () => {
    const response = await createService({ name: 'visa CHECK', categoryId, price: 10 });
    expect(response.status).toBe(409);
    expect(paths(await json(response))).toEqual(['name']);
    expect((await createService({ name: 'Visa check', categoryId: otherCategoryId, price: 10 })).status).toBe(201);
  });

  it('updates every field, moves the service to another category, and answers 404 for an unknown id', async () => {
    const { id } = await json<{ id: number }>(await createService({ name: 'Draft', categoryId, price: 10, serviceFiles: [photoId] }));
    const response = await service.request(`/api/services/${id}`, {
      method: 'PUT',
      json: {
        name: 'Final',
        categoryId: otherCategoryId,
        price: 12.25,
        deliveryTime: 2,
        deliveryTimeRate: 'Hours',
        deliveryType: 'Physical',
        shippingType: 'USPS',
        serviceFiles: [passportId],
        branches: [7],
      },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      id,
      name: 'Final',
      categoryId: otherCategoryId,
      price: 12.25,
      deliveryTime: 2,
      deliveryTimeRate: 'Hours',
      serviceFiles: [{ id: passportId, name: 'Passport copy', accept: 'image,pdf' }],
      branches: [7],
      active: true,
    });
    expect((await service.request('/api/services/999999', { method: 'PUT', json: { name: 'x', categoryId, price: 1 } })).status).toBe(404);
  });

  it('deletes a service: 204, then 404', async () => {
    const { id } = await json<{ id: number }>(await createService({ name: 'Short-lived', categoryId, price: 5, serviceFiles: [photoId] }));
    expect((await service.request(`/api/services/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.request(`/api/services/${id}`)).status).toBe(404);
    expect((await service.request(`/api/services/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('needs a token and a back-office role', async () => {
    expect((await service.request('/api/services', { token: null })).status).toBe(401);
    expect((await service.request('/api/services', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await createService({ name: 'Nope', categoryId, price: 1 }, ['Salesagent'])).status).toBe(403);
    expect((await createService({ name: 'Admin may', categoryId, price: 1 }, ['Admin'])).status).toBe(201);
  });
});
