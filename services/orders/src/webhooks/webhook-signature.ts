import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks scheme: `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, keyed with the secret's bytes (the base64 after `whsec_`).
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one signed POST. */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
