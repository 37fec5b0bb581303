import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { refundRequests } from '#server/db/schema.ts';
import type { Refund } from '#shared/disruptions.ts';
import { selectRefunds } from './select-refunds.ts';

export type ListRefundsOptions = { db: DbOrTx; status: 'requested' | 'refunded' };

/** The refunds queue (docs/decisions/026): requests in one state, oldest first. */
export async function listRefunds(opts: ListRefundsOptions): Promise<Refund[]> {
  return selectRefunds({ db: opts.db, where: eq(refundRequests.status, opts.status) });
}
