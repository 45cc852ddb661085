import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, networkError } from './api-error';
import { useIdempotencyKey } from './idempotency-key';

afterEach(cleanup);

const refusal = (status: number, code?: string) => new ApiError({ type: 'about:blank', title: 'No', status, code });

describe('useIdempotencyKey', () => {
  it('sends one key per intent: the same key again after a lost answer or a server error, a new one once answered', async () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const sent: string[] = [];
    const failWith = (error: unknown) => (key: string) => {
      sent.push(key);
      return Promise.reject(error);
    };
    await expect(result.current.run(failWith(networkError()))).rejects.toBeInstanceOf(ApiError);
    await expect(result.current.run(failWith(refusal(503)))).rejects.toBeInstanceOf(ApiError);
    await expect(result.current.run(failWith(refusal(409, 'idempotency_key_in_use')))).rejects.toBeInstanceOf(ApiError);
    const answer = await result.current.run((key) => {
      sent.push(key);
      return Promise.resolve('done');
    });
    expect(answer).toBe('done');
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // Answered: the next submit is a new operation.
    await expect(result.current.run(failWith(refusal(400)))).rejects.toBeInstanceOf(ApiError);
    expect(sent[4]).not.toBe(sent[0]);
    // Refused (a 4xx the server decided): the next one is new again.
    expect(result.current.current()).not.toBe(sent[4]);
  });
});
