import argon2 from 'argon2';

/* Password hashing (argon2id): not a .policy.ts, since a hash is work on the thread pool, not a pure rule. */

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** A hash of a random string, verified against when the user is unknown, so timing does not tell. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword('decoy-password-that-never-matches');
    await argon2.verify(await decoy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
