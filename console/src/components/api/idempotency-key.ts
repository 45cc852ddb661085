import { useMemo, useRef } from 'react';
import { ApiError } from './api-error';

/** A UUID v4, also where `crypto.randomUUID` is missing (a console served over plain http on a LAN address). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a failed call may have run, or its answer was lost, so that trying again is the same operation. */
export function mayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetworkError || error.status >= 500 || error.code === 'idempotency_key_in_use';
}

export interface IdempotencyKey {
  /** The key of the operation the user is attempting: the same on every retry of it, until it is answered. */
  current(): string;
  /** The attempt got its answer (done, or refused): the next submit is a new operation with a new key. */
  answered(): void;
  /** Runs `call` with the key; keeps the key when the call may have run without its answer reaching us. */
  run<T>(call: (key: string) => Promise<T>): Promise<T>;
}

/**
 * One `Idempotency-Key` per user intent (a dialog's create): a retry after a lost answer or a server error sends the
 * same key, so the server answers the first try's answer instead of creating a second record.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const key = useRef<string | null>(null);
  return useMemo<IdempotencyKey>(() => {
    const api: IdempotencyKey = {
      current: () => (key.current ??= newKey()),
      answered: () => {
        key.current = null;
      },
      run: async (call) => {
        try {
          const result = await call(api.current());
          api.answered();
          return result;
        } catch (error) {
          if (!mayHaveRun(error)) api.answered();
          throw error;
        }
      },
    };
    return api;
  }, []);
}

/** The header that carries it, for apiFetch's `headers`. */
export const idempotencyHeader = (key: string | undefined): Record<string, string> => (key ? { 'Idempotency-Key': key } : {});
