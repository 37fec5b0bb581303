import { hash, verify } from '@node-rs/argon2';
import { DEMO_ADMIN } from '#shared/constants.ts';

// OWASP's argon2id recommendation: m=19 MiB, t=2, p=1. Algorithm 2 is argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * True when the account's password is the demo's. The flag alone can be wrong (a database
 * copied from a demo, a hash set by hand), so the hash is checked against the demo password too.
 */
export async function hasDemoPassword(user: {
  hasDemoPassword: boolean;
  passwordHash: string;
}): Promise<boolean> {
  return user.hasDemoPassword || (await verifyPassword(user.passwordHash, DEMO_ADMIN.password));
}
