import { once } from 'node:events';
import Redis from 'ioredis';
import { closeRedis } from '@backoffice/platform';

/** Closing a Redis client, connected or not, leaves nothing behind that keeps the process alive. */
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

it('sends QUIT to a connected client and closes it', async () => {
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  await client.connect();
  expect(await client.ping()).toBe('PONG');
  const ended = once(client, 'end');
  await closeRedis(client);
  await ended;
});

it('closes a client whose server is gone without arming a timer on its dead socket', async () => {
  const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  await client.connect().catch(() => undefined);
  const before = timers();
  await closeRedis(client);
  expect(client.status).toBe('end');
  // ioredis's own disconnect() would leave its 2 s disconnect timer here, holding a stopping process up.
  expect(timers()).toBe(before);
});
