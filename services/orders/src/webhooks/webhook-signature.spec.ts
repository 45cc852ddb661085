import { newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature';

describe('webhook signature', () => {
  it('matches the Standard Webhooks test vector', () => {
    // The published example: secret, msg id, timestamp and payload with their expected signature.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 24 random bytes behind whsec_', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs id.timestamp.body with the timestamp it sends', () => {
    const headers = webhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt-1', '{}', new Date(1_700_000_000_500));
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature']).toBe(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt-1', 1700000000, '{}'));
  });
});
