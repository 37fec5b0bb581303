import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { refundRequests, tickets } from '#server/db/schema.ts';
import { cursorOf, type KeyPart, keyInstant, keyOf } from '#server/lib/keyset.ts';
import { REFUND_PAGE_SIZE } from '#shared/constants.ts';
import type { refundListSchema } from '#shared/disruptions.ts';
import { REFUND_ORDER, selectRefunds } from './select-refunds.ts';

/** The key of REFUND_ORDER: when it was asked for, the booking's reference, the request's id. */
const ORDER = 'oldest';
const KEY_PARTS: readonly KeyPart[] = ['instant', 'text', 'uuid'];

/** The requests after `key`; the bound on created_at beside the row comparison is what its index starts from. */
function afterKey([at, reference, id]: readonly string[]): SQL {
  return sql`${refundRequests.createdAt} >= ${at}::timestamptz and
    (${refundRequests.createdAt}, ${tickets.paymentReference}, ${refundRequests.id})
      > (${at}::timestamptz, ${reference}::text, ${id}::uuid)`;
}

/** The answer of `GET /api/admin/refunds` but whether the gateway refunds, which the route adds. */
export type RefundPage = Omit<z.infer<typeof refundListSchema>, 'gatewayRefunds'>;

export type ListRefundsOptions = {
  db: DbOrTx;
  status: 'requested' | 'refunded';
  /** The `next` of the previous page; none: the first page. */
  cursor?: string | undefined;
};

/**
 * The refunds queue (docs/decisions/026): requests in one state, oldest first, REFUND_PAGE_SIZE
 * a page after `cursor` (lib/keyset.ts), and what the whole state adds up to per currency. A
 * year of a busy operator has some 34,000 refunded.
 */
export async function listRefunds(opts: ListRefundsOptions): Promise<RefundPage> {
  const { db } = opts;
  const after = opts.cursor ? keyOf(opts.cursor, ORDER, KEY_PARTS) : null;
  const inState = eq(refundRequests.status, opts.status);
  const [keys, totals] = await readTogether(db, [
    () =>
      db
        .select({
          id: refundRequests.id,
          key: sql<
            string[]
          >`array[${keyInstant(refundRequests.createdAt)}, ${tickets.paymentReference}, ${refundRequests.id}::text]`,
        })
        .from(refundRequests)
        .innerJoin(tickets, eq(tickets.id, refundRequests.ticketId))
        .where(after ? and(inState, afterKey(after)) : inState)
        .orderBy(...REFUND_ORDER)
        .limit(REFUND_PAGE_SIZE + 1),
    () =>
      db
        .select({
          currency: refundRequests.currency,
          count: count(),
          amount: sql<string>`sum(${refundRequests.amount})::text`,
        })
        .from(refundRequests)
        .where(inState)
        .groupBy(refundRequests.currency)
        .orderBy(refundRequests.currency),
  ]);
  const page = keys.slice(0, REFUND_PAGE_SIZE);
  const last = page.at(-1);
  // Read again in the state: one paid back since is not shown among those still owed.
  const refunds =
    page.length === 0
      ? []
      : await selectRefunds({
          db,
          where: and(
            inState,
            inArray(
              refundRequests.id,
              page.map((k) => k.id),
            ),
          ),
        });
  return {
    refunds,
    next: keys.length > REFUND_PAGE_SIZE && last ? cursorOf(ORDER, last.key) : null,
    totals: totals.map((t) => ({ ...t, count: Number(t.count) })),
  };
}
