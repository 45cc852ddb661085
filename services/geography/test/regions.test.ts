import { Client } from 'pg';
import { startTestService, type TestService } from '@backoffice/platform/testing';

let service: TestService;

beforeAll(async () => {
  service = await startTestService(() => require('../src/app.module').AppModule, { service: 'geography' });
});

afterAll(async () => {
  await service?.close();
});

/** An answer body: a record, a list or a problem (loosely typed for assertions). */
interface Body {
  id: number;
  name: string;
  taxRate: number | null;
  detail: string;
  code: string;
  errors: { path: string; message: string }[];
  matched: Record<string, unknown>;
  [key: string]: unknown;
}
const manager = { roles: ['Manager' as const] };

async function call(
  path: string,
  init: { method?: string; json?: unknown; roles?: ('Admin' | 'Manager' | 'Salesagent' | 'ServiceProvider')[]; token?: string | null } = {},
) {
  const response = await service.request(path, { roles: ['Manager'], ...init } as never);
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  return { status: response.status, body: body as Body, list: body as Body[], type: response.headers.get('content-type') ?? '' };
}

const post = (path: string, json: unknown) => call(path, { method: 'POST', json });
const put = (path: string, json: unknown) => call(path, { method: 'PUT', json });
const del = (path: string) => call(path, { method: 'DELETE' });
const paths = (body: Body) => (body.errors ?? []).map((e) => e.path).sort();

/** Creates a country → state → city → borough chain with unique names; answers their ids. */
let seq = 0;
async function chain() {
  seq += 1;
  const letters = (n: number) => String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26));
  const country = await post('/api/countries', { shortName: letters(seq + 100), name: `Country ${seq}`, taxRate: 1 });
  const state = await post('/api/states', { countryId: country.body.id, shortName: 'AA', name: `State ${seq}`, taxRate: 2 });
  const city = await post('/api/cities', { stateId: state.body.id, name: `City ${seq}`, shippingFee: 5, taxRate: 3 });
  const borough = await post('/api/boroughs', { cityId: city.body.id, name: `Borough ${seq}`, zipCodes: '' });
  expect([country.status, state.status, city.status, borough.status]).toEqual([201, 201, 201, 201]);
  return { countryId: country.body.id, stateId: state.body.id, cityId: city.body.id, boroughId: borough.body.id };
}

describe('countries', () => {
  it('creates, reads, lists, updates and deletes a country; the short name is stored upper case', async () => {
    const created = await post('/api/countries', { shortName: 'eg', name: '  Egypt ', taxRate: 14 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), shortName: 'EG', name: 'Egypt', taxRate: 14 });
    const id = created.body.id;

    expect((await call(`/api/countries/${id}`)).body).toEqual(created.body);
    const list = await call('/api/countries');
    expect(list.status).toBe(200);
    expect(list.list.map((c) => c.name)).toContain('Egypt');

    const updated = await put(`/api/countries/${id}`, { id, shortName: 'EG', name: 'Arab Republic of Egypt', taxRate: 14.125 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Arab Republic of Egypt', taxRate: 14.125 });
    expect((await call(`/api/countries/${id}`)).body.taxRate).toBe(14.125);

    const cleared = await put(`/api/countries/${id}`, { shortName: 'EG', name: 'Egypt' });
    expect(cleared.body.taxRate).toBeNull();

    expect((await del(`/api/countries/${id}`)).status).toBe(204);
    expect((await call(`/api/countries/${id}`)).status).toBe(404);
  });

  it('refuses a short name that is not exactly 2 letters, and a missing name, with field errors', async () => {
    for (const shortName of ['E', 'EGY', '1A', 'é1', '', '  ']) {
      const response = await post('/api/countries', { shortName, name: 'Somewhere' });
      expect(response.status).toBe(400);
      expect(response.type).toMatch(/application\/problem\+json/);
      expect(response.body.errors).toEqual([{ path: 'shortName', message: 'Short name must be exactly 2 letters' }]);
    }
    const missing = await post('/api/countries', { shortName: 'QQ', name: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'name', message: 'Name is required' }]);
    const nothing = await post('/api/countries', {});
    expect(paths(nothing.body)).toEqual(['name', 'shortName']);
  });

  it('refuses tax rates outside 0..100 or with more than 4 decimals', async () => {
    for (const taxRate of [-0.0001, 100.0001, 5.12345, '5']) {
      const response = await post('/api/countries', { shortName: 'QR', name: `Rate ${String(taxRate)}`, taxRate });
      expect(response.status).toBe(400);
      expect(paths(response.body)).toEqual(['taxRate']);
    }
    for (const taxRate of [0, 100, 7.1234]) {
      const response = await post('/api/countries', { shortName: 'QR', name: 'Rates', taxRate });
      expect(response.status).toBe(201);
      expect(response.body.taxRate).toBe(taxRate);
      await del(`/api/countries/${response.body.id}`);
    }
  });

  it('refuses a duplicate name (any case) or short name with 409 naming the field', async () => {
    await post('/api/countries', { shortName: 'FR', name: 'France' });
    const sameName = await post('/api/countries', { shortName: 'FX', name: 'FRANCE' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.detail).toBe('A country named "FRANCE" already exists.');
    expect(paths(sameName.body)).toEqual(['name']);
    const sameShort = await post('/api/countries', { shortName: 'fr', name: 'Francia' });
    expect(sameShort.status).toBe(409);
    expect(paths(sameShort.body)).toEqual(['shortName']);
    expect(sameShort.body.detail).toBe('The short name FR is already used by France.');
  });

  it('answers 404 for an unknown id, 400 for a malformed one, and refuses a body id that is not the path id', async () => {
    expect((await call('/api/countries/999999')).status).toBe(404);
    expect((await put('/api/countries/999999', { shortName: 'ZZ', name: 'Nowhere' })).status).toBe(404);
    expect((await del('/api/countries/999999')).status).toBe(404);
    const malformed = await call('/api/countries/abc');
    expect(malformed.status).toBe(400);
    expect(paths(malformed.body)).toEqual(['id']);
    const { countryId } = await chain();
    const mismatch = await put(`/api/countries/${countryId}`, { id: countryId + 1, shortName: 'ZZ', name: 'Mismatch' });
    expect(mismatch.status).toBe(400);
    expect(paths(mismatch.body)).toEqual(['id']);
  });

  it('needs a token, and the Manager or Admin role', async () => {
    expect((await call('/api/countries', { token: null })).status).toBe(401);
    expect((await call('/api/countries', { roles: ['Salesagent'] })).status).toBe(403);
    expect(
      (await call('/api/countries', { roles: ['ServiceProvider'], method: 'POST', json: { shortName: 'AB', name: 'x' } })).status,
    ).toBe(403);
    expect((await call('/api/countries', { roles: ['Admin'] })).status).toBe(200);
    expect((await call('/api/countries', manager)).status).toBe(200);
  });
});

describe('states, cities, boroughs and areas', () => {
  it('creates and lists each level under its parent, reads, updates and deletes it', async () => {
    const country = await post('/api/countries', { shortName: 'DE', name: 'Germany', taxRate: 19 });
    const state = await post('/api/states', { countryId: country.body.id, shortName: 'by', name: 'Bavaria' });
    expect(state.status).toBe(201);
    expect(state.body).toEqual({ id: expect.any(Number), countryId: country.body.id, shortName: 'BY', name: 'Bavaria', taxRate: null });
    expect((await call(`/api/states/country/${country.body.id}`)).body).toEqual([state.body]);
    expect((await call(`/api/states/${state.body.id}`)).body).toEqual(state.body);

    const city = await post('/api/cities', { stateId: state.body.id, name: 'Munich', shippingFee: 4.9 });
    expect(city.body).toEqual({ id: expect.any(Number), stateId: state.body.id, name: 'Munich', shippingFee: 4.9, taxRate: null });
    const city2 = await post('/api/cities', { stateId: state.body.id, name: 'Augsburg', shippingFee: 0, taxRate: 7 });
    expect((await call(`/api/cities/state/${state.body.id}`)).list.map((c) => c.name)).toEqual(['Augsburg', 'Munich']);
    expect((await call(`/api/cities/${city2.body.id}`)).body).toMatchObject({ shippingFee: 0, taxRate: 7 });

    const borough = await post('/api/boroughs', { cityId: city.body.id, name: 'Altstadt', taxRate: 19, zipCodes: ' 80331, 80333 ,80331,' });
    expect(borough.status).toBe(201);
    expect(borough.body).toEqual({ id: expect.any(Number), cityId: city.body.id, name: 'Altstadt', taxRate: 19, zipCodes: '80331,80333' });
    expect((await call(`/api/boroughs/city/${city.body.id}`)).body).toEqual([borough.body]);
    expect((await call(`/api/boroughs/${borough.body.id}`)).body).toEqual(borough.body);

    const area = await post('/api/areas', { boroughId: borough.body.id, name: 'Marienplatz', zipCodes: '80331' });
    expect(area.status).toBe(201);
    expect(area.body).toEqual({
      id: expect.any(Number),
      boroughId: borough.body.id,
      name: 'Marienplatz',
      taxRate: null,
      zipCodes: '80331',
    });
    expect((await call(`/api/areas/borough/${borough.body.id}`)).body).toEqual([area.body]);
    expect((await call(`/api/areas/${area.body.id}`)).body).toEqual(area.body);

    const states = await put(`/api/states/${state.body.id}`, {
      countryId: country.body.id,
      shortName: 'BY',
      name: 'Freistaat Bayern',
      taxRate: 0,
    });
    expect(states.body).toMatchObject({ name: 'Freistaat Bayern', taxRate: 0 });
    const cities = await put(`/api/cities/${city.body.id}`, { stateId: state.body.id, name: 'München', shippingFee: 5.5, taxRate: 19 });
    expect(cities.body).toMatchObject({ name: 'München', shippingFee: 5.5, taxRate: 19 });
    const boroughs = await put(`/api/boroughs/${borough.body.id}`, {
      cityId: city.body.id,
      name: 'Altstadt-Lehel',
      zipCodes: '80331,80333,80538',
    });
    expect(boroughs.body).toMatchObject({ name: 'Altstadt-Lehel', zipCodes: '80331,80333,80538', taxRate: null });
    const areas = await put(`/api/areas/${area.body.id}`, {
      boroughId: borough.body.id,
      name: 'Marienplatz',
      taxRate: 12.5,
      zipCodes: '80331',
    });
    expect(areas.body).toMatchObject({ taxRate: 12.5 });

    expect((await del(`/api/areas/${area.body.id}`)).status).toBe(204);
    expect((await del(`/api/boroughs/${borough.body.id}`)).status).toBe(204);
    expect((await del(`/api/cities/${city.body.id}`)).status).toBe(204);
    expect((await del(`/api/cities/${city2.body.id}`)).status).toBe(204);
    expect((await del(`/api/states/${state.body.id}`)).status).toBe(204);
    expect((await del(`/api/countries/${country.body.id}`)).status).toBe(204);
    for (const path of [
      `/api/states/${state.body.id}`,
      `/api/cities/${city.body.id}`,
      `/api/boroughs/${borough.body.id}`,
      `/api/areas/${area.body.id}`,
    ]) {
      expect((await call(path)).status).toBe(404);
    }
  });

  it('answers 404 for the children of an unknown parent and for unknown ids', async () => {
    for (const path of [
      '/api/states/country/999999',
      '/api/cities/state/999999',
      '/api/boroughs/city/999999',
      '/api/areas/borough/999999',
    ]) {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    for (const level of ['states', 'cities', 'boroughs', 'areas']) {
      expect((await call(`/api/${level}/999999`)).status).toBe(404);
      expect((await del(`/api/${level}/999999`)).status).toBe(404);
    }
    expect((await call('/api/states/country/0')).status).toBe(400);
  });

  it('refuses a parent that does not exist with a field error', async () => {
    const state = await post('/api/states', { countryId: 999999, shortName: 'AB', name: 'Nowhere' });
    expect(state.status).toBe(400);
    expect(state.body.errors).toEqual([{ path: 'countryId', message: 'Country 999999 does not exist.' }]);
    expect((await post('/api/cities', { stateId: 999999, name: 'x' })).body.errors[0].path).toBe('stateId');
    expect((await post('/api/boroughs', { cityId: 999999, name: 'x' })).body.errors[0].path).toBe('cityId');
    expect((await post('/api/areas', { boroughId: 999999, name: 'x' })).body.errors[0].path).toBe('boroughId');
    expect(paths((await post('/api/areas', { name: 'x' })).body)).toEqual(['boroughId']);
  });

  it('applies the short name rule to states, and names are unique within their parent only', async () => {
    const a = await chain();
    const b = await chain();
    const bad = await post('/api/states', { countryId: a.countryId, shortName: 'ABC', name: 'Three' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'shortName', message: 'Short name must be exactly 2 letters' }]);
    // "AA" is taken by the chain's state in that country, but free in another.
    expect((await post('/api/states', { countryId: a.countryId, shortName: 'aa', name: 'Other' })).status).toBe(409);

    const dupCity = await post('/api/cities', { stateId: a.stateId, name: `city ${seq - 1}`.toUpperCase() });
    expect(dupCity.status).toBe(409);
    expect(dupCity.body.detail).toContain('already exists in this state');
    expect(paths(dupCity.body)).toEqual(['name']);
    expect((await post('/api/cities', { stateId: b.stateId, name: `City ${seq - 1}` })).status).toBe(201);

    const dupBorough = await post('/api/boroughs', { cityId: a.cityId, name: `Borough ${seq - 1}` });
    expect(dupBorough.status).toBe(409);
    await post('/api/areas', { boroughId: a.boroughId, name: 'Centre' });
    expect((await post('/api/areas', { boroughId: a.boroughId, name: 'centre' })).status).toBe(409);
    // Renaming onto itself is fine; onto a sibling is not.
    const city2 = await post('/api/cities', { stateId: a.stateId, name: 'Second' });
    expect((await put(`/api/cities/${city2.body.id}`, { stateId: a.stateId, name: 'SECOND' })).status).toBe(200);
    expect((await put(`/api/cities/${city2.body.id}`, { stateId: a.stateId, name: `City ${seq - 1}` })).status).toBe(409);
  });

  it('validates shipping fees and zip codes', async () => {
    const { stateId, cityId } = await chain();
    for (const shippingFee of [-1, 1.005, 'free']) {
      const response = await post('/api/cities', { stateId, name: 'Fee', shippingFee });
      expect(response.status).toBe(400);
      expect(paths(response.body)).toEqual(['shippingFee']);
    }
    const defaults = await post('/api/cities', { stateId, name: 'No fee' });
    expect(defaults.body).toMatchObject({ shippingFee: 0, taxRate: null });
    const zips = await post('/api/boroughs', { cityId, name: 'Zips', zipCodes: '12345, 1@3' });
    expect(zips.status).toBe(400);
    expect(zips.body.errors).toEqual([{ path: 'zipCodes', message: 'Not a valid zip code: 1@3' }]);
  });

  it('refuses a zip that another borough or another area of the same city has, but allows it in another city', async () => {
    const a = await chain();
    const b = await chain();
    await put(`/api/boroughs/${a.boroughId}`, { cityId: a.cityId, name: `Borough ${seq - 1}`, zipCodes: '11111,22222' });
    const clash = await post('/api/boroughs', { cityId: a.cityId, name: 'Neighbour', zipCodes: '33333, 22222' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('duplicate_zip');
    expect(clash.body.errors).toEqual([
      { path: 'zipCodes', message: `Zip code 22222 already belongs to the borough "Borough ${seq - 1}" in this city.` },
    ]);
    const neighbour = await post('/api/boroughs', { cityId: a.cityId, name: 'Neighbour', zipCodes: '33333' });
    expect(neighbour.status).toBe(201);
    expect((await put(`/api/boroughs/${neighbour.body.id}`, { cityId: a.cityId, name: 'Neighbour', zipCodes: '33333,11111' })).status).toBe(
      409,
    );
    // The same zip in another city is fine.
    expect((await post('/api/boroughs', { cityId: b.cityId, name: 'Elsewhere', zipCodes: '22222' })).status).toBe(201);

    // Areas: one area per zip within the city, even across boroughs; a borough and an area may share it.
    const area = await post('/api/areas', { boroughId: a.boroughId, name: 'North', zipCodes: '11111' });
    expect(area.status).toBe(201);
    const areaClash = await post('/api/areas', { boroughId: neighbour.body.id, name: 'South', zipCodes: '11111' });
    expect(areaClash.status).toBe(409);
    expect(areaClash.body.errors[0].message).toBe('Zip code 11111 already belongs to the area "North" in this city.');
    expect((await post('/api/areas', { boroughId: a.boroughId, name: 'North too', zipCodes: '22222, 11111, 33333' })).body.detail).toMatch(
      /North/,
    );
    // Re-saving an area with its own zips is fine; after it is deleted, its zips are free again.
    expect((await put(`/api/areas/${area.body.id}`, { boroughId: a.boroughId, name: 'North', zipCodes: '11111' })).status).toBe(200);
    expect((await del(`/api/areas/${area.body.id}`)).status).toBe(204);
    expect((await post('/api/areas', { boroughId: neighbour.body.id, name: 'South', zipCodes: '11111' })).status).toBe(201);
  });

  it('moves a borough to another city with its areas, refusing when the new city has their zips', async () => {
    const a = await chain();
    const b = await chain();
    await put(`/api/boroughs/${a.boroughId}`, { cityId: a.cityId, name: 'Mover', zipCodes: '44444' });
    await post('/api/areas', { boroughId: a.boroughId, name: 'Mover area', zipCodes: '55555' });
    const blocker = await post('/api/boroughs', { cityId: b.cityId, name: 'Blocker', zipCodes: '66666' });
    const blockerArea = await post('/api/areas', { boroughId: blocker.body.id, name: 'Blocker area', zipCodes: '55555' });
    const refused = await put(`/api/boroughs/${a.boroughId}`, { cityId: b.cityId, name: 'Mover', zipCodes: '44444' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toContain('Blocker area');
    await del(`/api/areas/${blockerArea.body.id}`);
    const moved = await put(`/api/boroughs/${a.boroughId}`, { cityId: b.cityId, name: 'Mover', zipCodes: '44444' });
    expect(moved.status).toBe(200);
    const lookup = await call(`/api/geography/lookup?country=Country%20${seq}&state=State%20${seq}&city=City%20${seq}&zip=55555`);
    expect(lookup.body.matched).toMatchObject({ cityId: b.cityId, boroughId: a.boroughId, areaId: expect.any(Number) });
  });

  it('refuses to delete a record with children (409 with how many), at every level', async () => {
    const { countryId, stateId, cityId, boroughId } = await chain();
    await post('/api/areas', { boroughId, name: 'One' });
    await post('/api/areas', { boroughId, name: 'Two' });
    const borough = await del(`/api/boroughs/${boroughId}`);
    expect(borough.status).toBe(409);
    expect(borough.body.code).toBe('has_children');
    expect(borough.body.detail).toBe(`The borough "Borough ${seq}" has 2 areas; delete them first.`);
    const city = await del(`/api/cities/${cityId}`);
    expect(city.body.detail).toBe(`The city "City ${seq}" has 1 borough; delete it first.`);
    await post('/api/cities', { stateId, name: 'Another' });
    const state = await del(`/api/states/${stateId}`);
    expect(state.status).toBe(409);
    expect(state.body.detail).toBe(`The state "State ${seq}" has 2 cities; delete them first.`);
    const country = await del(`/api/countries/${countryId}`);
    expect(country.status).toBe(409);
    expect(country.body.detail).toBe(`The country "Country ${seq}" has 1 state; delete it first.`);
  });

  it('writes each change to the outbox in the same transaction', async () => {
    const created = await post('/api/countries', { shortName: 'OB', name: 'Outbox land', taxRate: 3 });
    await put(`/api/countries/${created.body.id}`, { shortName: 'OB', name: 'Outbox land', taxRate: 4 });
    await del(`/api/countries/${created.body.id}`);
    const db = new Client({ connectionString: service.databaseUrl });
    await db.connect();
    const { rows } = await db.query(`select type, key, payload from outbox where key = $1 order by seq`, [`country:${created.body.id}`]);
    await db.end();
    expect(rows.map((r) => r.type)).toEqual(['country.created', 'country.updated', 'country.deleted']);
    expect(rows[1].payload.data).toEqual({ level: 'country', id: created.body.id, record: { ...created.body, taxRate: 4 } });
    expect(rows[2].payload.data).toEqual({ level: 'country', id: created.body.id, record: null });
  });

  it('answers 400 for malformed JSON and wrong types', async () => {
    const response = await service.request('/api/countries', {
      method: 'POST',
      roles: ['Manager'],
      headers: { 'content-type': 'application/json' },
      body: '{"shortName":',
    });
    expect(response.status).toBe(400);
    const wrong = await post('/api/cities', { stateId: 'one', name: 5, shippingFee: null });
    expect(wrong.status).toBe(400);
    expect(paths(wrong.body)).toEqual(['name', 'shippingFee', 'stateId']);
  });
});
