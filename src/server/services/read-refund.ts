import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { refundRequests } from '#server/db/schema.ts';
import type { Refund } from '#shared/disruptions.ts';
import { selectRefunds } from './select-refunds.ts';

export type ReadRefundOptions = { db: DbOrTx; id: string };

/** One request of the queue, as the list shows it; null when there is none. */
export async function readRefund(opts: ReadRefundOptions): Promise<Refund | null> {
  const [refund] = await selectRefunds({ db: opts.db, where: eq(refundRequests.id, opts.id) });
  return refund ?? null;
}
