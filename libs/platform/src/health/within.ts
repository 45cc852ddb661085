/**
 * `work`, or a rejection once `ms` have passed without its answer. For clients that queue a command while they
 * reconnect (ioredis, pg) and would otherwise hold the caller until the server is back.
 */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
