import Redis from 'ioredis';
import { Client } from 'pg';
import { revokeSessions } from '../auth/session-revocation';

/** Runs one statement on a test's database, on a connection of its own that it closes, and answers the rows. */
export async function queryDatabase<T extends Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Ends the sessions as signing out does: in the revocation list every service reads from the test's Redis. */
export async function endSessions(sessionIds: readonly string[]): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    await revokeSessions(redis, sessionIds);
  } finally {
    await redis.quit();
  }
}
