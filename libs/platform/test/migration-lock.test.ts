import { Client } from 'pg';
import { createTestDatabase, startTestService, type TestService } from '@backoffice/platform/testing';

/**
 * Replicas of a service that start together on a new database take turns to migrate it:
 * every one of them comes up, and each migration is applied exactly once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const services: TestService[] = [];

beforeAll(async () => {
  database = await createTestDatabase('migration-lock');
});

afterAll(async () => {
  await Promise.all(services.map((service) => service.app.close()));
  await database.drop();
});

it('lets three replicas start at once on an empty database', async () => {
  const loadAppModule = () => require('../../../services/geography/src/app.module').AppModule;
  const starting = [1, 2, 3].map(() =>
    startTestService(loadAppModule, { service: 'geography', database: false, env: { DATABASE_URL: database.url } }),
  );
  const outcomes = await Promise.allSettled(starting);
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') services.push(outcome.value);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; times: string }>(
      'select name, count(*) as times from mikro_orm_migrations group by name',
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.times === '1')).toBe(true);
  } finally {
    await client.end();
  }
  for (const service of services) expect((await service.request('/health/ready', { token: null })).status).toBe(200);
}, 60_000);
