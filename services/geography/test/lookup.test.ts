import { GEOGRAPHY_INTERNAL_PATHS, GEOGRAPHY_PATHS, type Role } from '@backoffice/contracts';
import { clientToken, startTestService, type TestService } from '@backoffice/platform/testing';

// The demo dataset (United States: NY 4%, NJ 6.625%, CA 7.25%; New York City 8.875% with Manhattan,
// Brooklyn and Queens; the Brooklyn Navy Yard area at 4.5%; Los Angeles 9.5% with a 10.25% Financial District).
let service: TestService;

beforeAll(async () => {
  service = await startTestService(() => require('../src/app.module').AppModule, {
    service: 'geography',
    env: { SEED_DEMO_DATA: 'true' },
  });
});

afterAll(async () => {
  await service?.close();
});

/** The lookup as the other services call it: the internal route, without a token. */
async function lookup(query: Record<string, string>, init: { token?: string | null } = { token: null }) {
  const response = await service.request(`${GEOGRAPHY_INTERNAL_PATHS.lookup}?${new URLSearchParams(query)}`, init);
  return { status: response.status, body: await response.json() };
}

async function ids() {
  const get = async (path: string) => (await service.request(path)).json();
  const [us] = await get('/api/countries');
  const states = await get(`/api/states/country/${us.id}`);
  const ny = states.find((s: { shortName: string }) => s.shortName === 'NY');
  const nyCities = await get(`/api/cities/state/${ny.id}`);
  const nyc = nyCities.find((c: { name: string }) => c.name === 'New York City');
  const boroughs = await get(`/api/boroughs/city/${nyc.id}`);
  const brooklyn = boroughs.find((b: { name: string }) => b.name === 'Brooklyn');
  const manhattan = boroughs.find((b: { name: string }) => b.name === 'Manhattan');
  const areas = await get(`/api/areas/borough/${brooklyn.id}`);
  const navyYard = areas.find((a: { name: string }) => a.name === 'Brooklyn Navy Yard');
  return { us, ny, nyc, brooklyn, manhattan, navyYard };
}

describe('demo data', () => {
  it('seeds one country with states, cities, boroughs and areas once', async () => {
    const countries = await (await service.request('/api/countries')).json();
    expect(countries).toEqual([{ id: expect.any(Number), shortName: 'US', name: 'United States', taxRate: 0 }]);
    const { ny, nyc, brooklyn } = await ids();
    expect(ny.taxRate).toBe(4);
    expect(nyc).toMatchObject({ taxRate: 8.875, shippingFee: 9.99 });
    expect(brooklyn.zipCodes).toBe('11201,11205,11211,11215,11217');
  });
});

describe('tax and shipping lookup', () => {
  it('picks the most specific level that has a rate, for a set of addresses', async () => {
    const { us, ny, nyc, brooklyn, manhattan, navyYard } = await ids();
    const cases: [Record<string, string>, number, string | null, number | null][] = [
      // area with its own rate (by zip)
      [{ country: 'US', state: 'NY', city: 'New York City', zip: '11205' }, 4.5, 'area', 9.99],
      // area without a rate → borough without → the city's
      [{ country: 'US', state: 'NY', city: 'New York City', zip: '11211' }, 8.875, 'city', 9.99],
      // borough zip with no area
      [{ country: 'US', state: 'NY', city: 'New York City', zip: '11215' }, 8.875, 'city', 9.99],
      // unknown zip → city
      [{ country: 'US', state: 'NY', city: 'New York City', zip: '99999' }, 8.875, 'city', 9.99],
      // city without a rate → state
      [{ country: 'US', state: 'NJ', city: 'Jersey City', zip: '07302' }, 6.625, 'state', 7.5],
      // unknown city → state, no shipping fee
      [{ country: 'US', state: 'NJ', city: 'Hoboken' }, 6.625, 'state', null],
      // unknown state → the country's rate (0 is a rate)
      [{ country: 'US', state: 'TX', city: 'Austin' }, 0, 'country', null],
      // names and short names in any case; ZIP+4; extra spaces
      [{ country: 'united states', state: 'california', city: ' los  angeles ', zip: '90071-1234' }, 10.25, 'area', 14],
      [{ country: 'us', state: 'ca', city: 'Los Angeles', zip: '90013' }, 9.5, 'city', 14],
      // ISO 3166 alpha-3 and the official name find the country saved as US / United States
      [{ country: 'USA', state: 'NY', city: 'New York City', zip: '11205' }, 4.5, 'area', 9.99],
      [{ country: 'usa', state: 'CA', city: 'Los Angeles', zip: '90013' }, 9.5, 'city', 14],
      [{ country: 'United States of America', state: 'NJ', city: 'Hoboken' }, 6.625, 'state', null],
      // no state: the city is found by its name in the country, or by the zip
      [{ country: 'US', city: 'Buffalo' }, 8.75, 'city', 12.5],
      [{ country: 'US', zip: '11205' }, 4.5, 'area', 9.99],
      [{ country: 'US', state: 'NY', city: 'NYC', zip: '10016' }, 8.875, 'city', 9.99],
    ];
    for (const [query, taxRate, taxLevel, shippingFee] of cases) {
      const { status, body } = await lookup(query);
      expect({ query, status, taxRate: body.taxRate, taxLevel: body.taxLevel, shippingFee: body.shippingFee }).toEqual({
        query,
        status: 200,
        taxRate,
        taxLevel,
        shippingFee,
      });
    }
    const { body } = await lookup({ country: 'US', state: 'NY', city: 'New York City', zip: '11205' });
    expect(body.matched).toEqual({ countryId: us.id, stateId: ny.id, cityId: nyc.id, boroughId: brooklyn.id, areaId: navyYard.id });
    const manhattanZip = await lookup({ country: 'US', state: 'New York', city: 'new york city', zip: '10003' });
    expect(manhattanZip.body.matched).toEqual({ countryId: us.id, stateId: ny.id, cityId: nyc.id, boroughId: manhattan.id, areaId: null });
  });

  it('follows rate changes at once: a borough rate now wins over the city', async () => {
    const { nyc, manhattan } = await ids();
    const update = await service.request(`/api/boroughs/${manhattan.id}`, {
      method: 'PUT',
      json: { ...manhattan, taxRate: 9.25 },
      roles: ['Manager'],
    });
    expect(update.status).toBe(200);
    const { body } = await lookup({ country: 'US', state: 'NY', city: 'New York City', zip: '10003' });
    expect(body).toMatchObject({ taxRate: 9.25, taxLevel: 'borough', shippingFee: nyc.shippingFee });
    // Midtown (no rate) inherits the borough's.
    expect((await lookup({ country: 'US', state: 'NY', city: 'New York City', zip: '10016' })).body.taxLevel).toBe('borough');
  });

  it('answers 404 for an unknown country and 400 without one', async () => {
    const unknown = await lookup({ country: 'Atlantis' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Country Atlantis was not found.');
    const missing = await lookup({ state: 'NY' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['country']);
  });

  it('is open to other services without a token on the internal route; /api wants what the gateway wants', async () => {
    expect((await lookup({ country: 'US' })).status).toBe(200);
    const api = (init: { token?: string | null; roles?: Role[] }) => service.request(`${GEOGRAPHY_PATHS.lookup}?country=US`, init);
    expect((await api({ token: null })).status).toBe(401);
    expect((await api({ roles: ['Salesagent'] })).status).toBe(403);
    expect((await api({ token: clientToken('orders:write') })).status).toBe(403);
    expect((await api({ roles: ['Manager'] })).status).toBe(200);
    expect((await api({ token: clientToken('geography:read') })).status).toBe(200);
  });
});
