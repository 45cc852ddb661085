import type Redis from 'ioredis';

/**
 * Per-user "not before" time: tokens issued before it are refused at once
 * (deactivation, role change, "end sessions"). Kept in Redis so every replica sees it.
 */
export const notBeforeKey = (userId: string) => `auth:not-before:${userId}`;

export async function tokenRevoked(redis: Redis, userId: string, issuedAt: number): Promise<boolean> {
  const value = await redis.get(notBeforeKey(userId));
  return value !== null && issuedAt < Number(value);
}

export async function revokeTokensIssuedBefore(redis: Redis, userId: string, when = Math.floor(Date.now() / 1000) + 1) {
  // Kept for longer than any access token lives.
  await redis.set(notBeforeKey(userId), String(when), 'EX', 24 * 60 * 60);
}
