import type { DbOrTx } from '#server/db/client.ts';
import { proveEmailCode } from './prove-email-code.ts';

export type ConsumeEmailCodeOptions = { db: DbOrTx; key: string; code: string; now: Date };

/**
 * Whether `code` is the newest live code sent for `key` (an address, or a booking's manage
 * key), consuming it if so; a wrong code counts towards its tries. Call in a transaction that
 * commits either way.
 */
export async function consumeEmailCode(opts: ConsumeEmailCodeOptions): Promise<boolean> {
  const proved = await proveEmailCode(opts);
  return proved !== null && !proved.again;
}
