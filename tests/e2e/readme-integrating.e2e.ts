import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN } from './fixtures';

test.describe.configure({ timeout: 180_000 });

/**
 * Docs that cannot rot: the README's "Integrating" section, read at test time, run as written against the test
 * stack. Its shell blocks run in order in one bash (so the variables one sets reach the next), with only the
 * README's `http://localhost:8080` pointed at the stack; `curl` fails on any error answer (`--fail-with-body`) and
 * `set -euo pipefail` stops at the first failing command. Its JavaScript verifies a signature made as the
 * product makes them.
 */
const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

function integratingSection(): string {
  const start = README.indexOf('\n## Integrating\n');
  expect(start, 'README.md has an "Integrating" section').toBeGreaterThan(-1);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

/** The fenced code blocks of a language (```sh, ```js), their indentation (a block inside a list item) removed. */
function blocks(section: string, languages: string[]): string[] {
  const found: string[] = [];
  const fence = /^([ \t]*)```(\w+)[ \t]*\n([\s\S]*?)^\1```[ \t]*$/gm;
  for (const match of section.matchAll(fence)) {
    const [, indent, language, body] = match;
    if (!languages.includes(language!)) continue;
    found.push(
      body!
        .split('\n')
        .map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line))
        .join('\n'),
    );
  }
  return found;
}

function run(script: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd, timeout: 120_000, maxBuffer: 10 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

test("every command of the README's Integrating section runs as written and succeeds", async ({ baseURL }) => {
  const section = integratingSection();
  const shell = blocks(section, ['sh', 'bash', 'shell']);
  expect(shell.length, 'shell blocks in the Integrating section').toBeGreaterThanOrEqual(4);
  // A fence that does not close on a line of its own would swallow the prose after it.
  for (const block of shell) expect(block, 'a shell block of the Integrating section').not.toContain('```');
  const pointed = (block: string) =>
    block
      .replaceAll('http://localhost:8080', baseURL!)
      .replaceAll('admin@backoffice.local', ADMIN.email)
      .replaceAll('ChangeMe!2026', ADMIN.password);

  const script = [
    'set -euo pipefail',
    // Any error answer fails the command (curl -s alone exits 0 on a 4xx), its body on stderr.
    'curl() { command curl --fail-with-body --show-error "$@"; }',
    ...shell.flatMap((block, index) => [`echo "::block ${index + 1}" >&2`, pointed(block), 'echo']),
    // What the blocks left behind, to check below.
    'echo "::order $PLACED"',
  ].join('\n');
  const cwd = mkdtempSync(join(tmpdir(), 'readme-integrating-'));
  try {
    const { code, stdout, stderr } = await run(script, cwd);
    expect({ code, stderr: code === 0 ? '' : stderr, stdout: code === 0 ? '' : stdout }).toEqual({ code: 0, stderr: '', stdout: '' });

    const order = JSON.parse(/^::order (.*)$/m.exec(stdout)![1]!) as { id: string; amount: number; status: string };
    expect(order.amount).toBeGreaterThan(0);
    // The payment the README records pays the order (through payments.payment.v1).
    const payment = JSON.parse(stdout.split('\n').find((line) => line.includes('"invoiceNumber"')) ?? 'null') as {
      status: string;
      orderId: string;
    } | null;
    expect(payment).toMatchObject({ status: 'Paid', orderId: order.id });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }

  // The signature check, as written, accepts a signature made the Standard Webhooks way and refuses a forged one.
  const [verify] = blocks(section, ['js', 'javascript']);
  expect(verify, 'the signature check in the Integrating section').toBeDefined();
  const verifyWebhook = new Function('require', `${verify}\nreturn verifyWebhook;`)(require) as (
    secret: string,
    headers: Record<string, string>,
    rawBody: string,
  ) => boolean;
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const id = 'msg_1';
  const timestamp = String(Math.floor(Date.now() / 1000));
  const body = '{"type":"webhook.test"}';
  const signature = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
  expect(verifyWebhook(secret, headers, body)).toBe(true);
  expect(verifyWebhook(secret, headers, body.replace('test', 'tost'))).toBe(false);
});
