import { todayIsoDate, type Page, type SiteReview } from '@backoffice/contracts';
import { created, json, paths, startCatalogue, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;

beforeAll(async () => {
  service = await startCatalogue();
});

afterAll(async () => {
  await service?.close();
});

const REVIEWS = '/api/site-reviews';

const insert = (body: Record<string, unknown>) => created<number>(service, REVIEWS, body);

const read = async (id: number) => json<SiteReview>(await service.request(`${REVIEWS}/${id}`, { roles: ['Manager'] }));

describe('site reviews: CRUD', () => {
  it('inserts a review and answers its id (above 0), with rate 5 and today as defaults', async () => {
    const response = await service.request(REVIEWS, {
      method: 'POST',
      json: { name: ' Sarah ', review: 'Great service.' },
      roles: ['Manager'],
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const id = await json<number>(response);
    expect(typeof id).toBe('number');
    expect(id).toBeGreaterThan(0);
    const review = await read(id);
    expect(review).toMatchObject({ id, name: 'Sarah', review: 'Great service.', rate: 5, link: '', source: '' });
    // "Today" where the server runs; allow for a test running across midnight UTC vs local.
    const yesterday = todayIsoDate(new Date(Date.now() - 86_400_000));
    const tomorrow = todayIsoDate(new Date(Date.now() + 86_400_000));
    expect([yesterday, todayIsoDate(), tomorrow]).toContain(review.date);
  });

  it('stores every field and updates them, answering the same id', async () => {
    const fields = { name: 'Ahmed', review: 'Good.', rate: 3, date: '2024-02-29', link: 'https://maps.example/r/1', source: 'Google' };
    const id = await insert(fields);
    expect(await read(id)).toMatchObject(fields);

    const update = await service.request(`${REVIEWS}/${id}`, {
      method: 'PUT',
      roles: ['Manager'],
      json: { id, name: 'Ahmed K.', review: 'Very good.', rate: 4, date: '2024-03-01', link: '', source: '' },
    });
    expect(update.status).toBe(200);
    expect(await json<number>(update)).toBe(id);
    expect(await read(id)).toMatchObject({ name: 'Ahmed K.', review: 'Very good.', rate: 4, date: '2024-03-01', link: '', source: '' });
  });

  it('takes a full ISO 8601 date-time as a date and stores the date it names', async () => {
    const id = await insert({ name: 'Storefront', review: 'Sent by another system.', date: '2026-11-25T04:30:00.000Z' });
    expect(await read(id)).toMatchObject({ date: '2026-11-25' });
    const offset = await insert({ name: 'Storefront', review: 'Evening in New York.', date: '2026-11-25T23:30:00-05:00' });
    expect(await read(offset)).toMatchObject({ date: '2026-11-25' });
  });

  it('lists reviews newest first, pages them on the server and searches name, text and source', async () => {
    const marker = `list-${Date.now()}`;
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++) ids.push(await insert({ name: `${marker} ${day}`, review: 'x', date: `2023-01-0${day}` }));
    const first = await json<Page<SiteReview>>(await service.request(`${REVIEWS}?search=${marker}&pageSize=2`, { roles: ['Manager'] }));
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((r) => r.date)).toEqual(['2023-01-05', '2023-01-04']);
    const third = await json<Page<SiteReview>>(
      await service.request(`${REVIEWS}?search=${marker}&pageSize=2&page=3`, { roles: ['Manager'] }),
    );
    expect(third.items.map((r) => r.id)).toEqual([ids[0]]);

    await insert({ name: 'Percent', review: 'Rated 100% by me', source: 'Trust_pilot' });
    const literal = await json<Page<SiteReview>>(
      await service.request(`${REVIEWS}?search=${encodeURIComponent('100%')}`, { roles: ['Manager'] }),
    );
    expect(literal.items.map((r) => r.name)).toEqual(['Percent']);
    const bySource = await json<Page<SiteReview>>(await service.request(`${REVIEWS}?search=trust_pilot`, { roles: ['Manager'] }));
    expect(bySource.items.map((r) => r.name)).toEqual(['Percent']);

    const all = await json<Page<SiteReview>>(await service.request(REVIEWS, { roles: ['Manager'] }));
    expect(all.pageSize).toBe(24);
    expect(all.total).toBeGreaterThanOrEqual(6);
  });

  it('deletes a review (204), after which it is 404', async () => {
    const id = await insert({ name: 'Gone', review: 'Soon deleted' });
    expect((await service.request(`${REVIEWS}/${id}`, { method: 'DELETE', roles: ['Manager'] })).status).toBe(204);
    expect((await service.request(`${REVIEWS}/${id}`, { roles: ['Manager'] })).status).toBe(404);
  });
});

describe('site reviews: refusals', () => {
  it('refuses bad bodies with 400 and a message per field', async () => {
    const response = await service.request(REVIEWS, {
      method: 'POST',
      roles: ['Manager'],
      json: { name: '', review: '   ', rate: 6, date: '2024-02-30', link: 'javascript:alert(1)', source: 'x'.repeat(101) },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(paths(body)).toEqual(['date', 'link', 'name', 'rate', 'review', 'source']);
    const messages = Object.fromEntries(body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toMatchObject({
      name: 'Name is required.',
      review: 'Review is required.',
      rate: 'Rating is at most 5 stars.',
      date: 'Date is not a real date.',
      link: 'Link must be a full http:// or https:// address.',
    });
    for (const rate of [0, 2.5, '5']) {
      const refused = await service.request(REVIEWS, { method: 'POST', roles: ['Manager'], json: { name: 'n', review: 'r', rate } });
      expect(refused.status).toBe(400);
      expect(paths(await refused.json())).toEqual(['rate']);
    }
    const badQuery = await service.request(`${REVIEWS}?page=0&pageSize=1000`, { roles: ['Manager'] });
    expect(badQuery.status).toBe(400);
    expect(paths(await badQuery.json())).toEqual(['page', 'pageSize']);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await service.request(`${REVIEWS}/987654`, { roles: ['Manager'] })).status).toBe(404);
    const update = await service.request(`${REVIEWS}/987654`, { method: 'PUT', roles: ['Manager'], json: { name: 'n', review: 'r' } });
    expect(update.status).toBe(404);
    expect((await service.request(`${REVIEWS}/987654`, { method: 'DELETE', roles: ['Manager'] })).status).toBe(404);
    expect((await service.request(`${REVIEWS}/-1`, { roles: ['Manager'] })).status).toBe(400);
  });

  it('answers 401 without a token and 403 to roles other than Manager and Admin', async () => {
    expect((await service.request(REVIEWS, { token: null })).status).toBe(401);
    for (const role of ['Salesagent', 'ServiceProvider'] as const) {
      expect((await service.request(REVIEWS, { roles: [role] })).status).toBe(403);
      expect((await service.request(REVIEWS, { method: 'POST', json: { name: 'n', review: 'r' }, roles: [role] })).status).toBe(403);
    }
  });
});
