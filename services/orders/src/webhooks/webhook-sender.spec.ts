import { createServer } from 'node:http';
import { sendWebhook } from './webhook-sender';

describe('sendWebhook', () => {
  it.each([
    ['https://127.0.0.1/in', /^Refused: 127\.0\.0\.1 is a private address\.$/],
    ['https://[::127.0.0.1]/in', /^Refused: ::7f00:1 is a private address\.$/],
    ['https://[2002:7f00:1::]/in', /^Refused: 2002:7f00:1:: is a private address\.$/],
    ['http://hooks.example.com/in', /^Refused: only https/],
  ])('settles a refused target %s with its reason instead of throwing', async (target, reason) => {
    const result = await sendWebhook(target, {}, '{}', { timeoutMs: 1000, allowPrivate: false });
    expect(result).toMatchObject({ statusCode: null, responseBody: '', error: expect.stringMatching(reason) });
  });

  it('settles a URL that does not parse', async () => {
    await expect(sendWebhook('not a url', {}, '{}', { timeoutMs: 1000, allowPrivate: false })).resolves.toMatchObject({
      error: 'The URL is not valid.',
    });
  });

  it('gives up on a receiver that does not answer in time, saying so', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await sendWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', { timeoutMs: 200, allowPrivate: true });
      expect(result).toMatchObject({ statusCode: null, error: 'No answer within 0.2 s.' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
