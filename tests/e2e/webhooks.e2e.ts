import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { shot, signIn } from './fixtures';

test.describe.configure({ timeout: 180_000 });

/**
 * The Webhooks screen through the whole stack: an Admin subscribes a receiver running in this test (the local
 * stack allows http on 127.0.0.1), copies the secret shown once, sends a test event that arrives signed, reads
 * the delivery log and resends the delivery with the same webhook-id.
 */
let receiver: Server;
let url: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('thanks from the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks/${Date.now()}`;
});

test.afterAll(() => receiver?.close());

const signatureValid = (secret: string, headers: IncomingHttpHeaders, body: string) => {
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
};

test('an Admin subscribes a receiver, sends a test event that arrives signed, and resends it from the delivery log', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New subscription' }).click();
  await page.getByLabel('URL').fill(url);
  await page.getByLabel('orders.client-service.v1').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Copy the signing secret now: it will not be shown again.')).toBeVisible();
  const secret = (await page.getByText(/^whsec_[A-Za-z0-9+/]{32}$/).textContent())!;
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: url });
  await expect(row.getByText('Enabled')).toBeVisible();
  await expect(row.getByText('orders.client-service.v1')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Fluent's focus sentinels (tabster dummy inputs) are aria-hidden by design and move focus on at once.
  const axe = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await shot(page, 'webhooks-1280');

  await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
  await expect(page.getByText('A test event is on its way; its delivery is in the log.', { exact: true })).toBeVisible();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  const [first] = received;
  expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test', id: first.headers['webhook-id'] });
  expect(signatureValid(secret, first.headers, first.body)).toBe(true);

  await row.getByRole('button', { name: `Deliveries to ${url}` }).click();
  const log = page.getByRole('dialog');
  const delivery = log.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(delivery.getByText('succeeded')).toBeVisible({ timeout: 15_000 });
  await expect(delivery.getByText('200', { exact: true })).toBeVisible();
  await expect(delivery.getByText('thanks from the e2e receiver')).toBeVisible();
  await shot(page, 'webhooks-deliveries');
  await delivery.getByRole('button', { name: 'Resend webhook.test' }).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  expect(received[1].headers['webhook-id']).toBe(first.headers['webhook-id']);
  expect(received[1].body).toBe(first.body);
  await expect(log.getByText('resend', { exact: true })).toHaveCount(1, { timeout: 15_000 }); // the new delivery's badge
  await log.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Replay from an hour ago: the dialog says what happens, and the answer says how many events go out again.
  await row.getByRole('button', { name: `Replay events to ${url}` }).click();
  const replay = page.getByRole('dialog', { name: 'Replay events' });
  await expect(replay.getByLabel('Replay from')).not.toHaveValue('');
  await shot(page, 'webhooks-replay');
  await replay.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(replay).toBeHidden();
  await expect(
    page.getByText(/^(No events since then: nothing to send\.|\d+ events? queued; their deliveries are in the log\.)$/),
  ).toBeVisible();
});
