import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { returnDiscounts } from '#server/db/schema.ts';

export type ReadReturnDiscountOptions = {
  db: DbOrTx;
  /** The outbound journey's From and To, as booked. */
  originId: string;
  destinationId: string;
};

/**
 * The percentage off a return from origin to destination and back (docs/decisions/037): the
 * pair's own discount, else the reverse pair's (a return booked from the other end is the same
 * two crossings); null when the operator set none.
 */
export async function readReturnDiscount({
  db,
  originId,
  destinationId,
}: ReadReturnDiscountOptions): Promise<string | null> {
  const rows = await db
    .select({ originId: returnDiscounts.originId, percentOff: returnDiscounts.percentOff })
    .from(returnDiscounts)
    .where(
      or(
        and(eq(returnDiscounts.originId, originId), eq(returnDiscounts.destinationId, destinationId)),
        and(eq(returnDiscounts.originId, destinationId), eq(returnDiscounts.destinationId, originId)),
      ),
    );
  const own = rows.find((r) => r.originId === originId) ?? rows[0];
  return own?.percentOff ?? null;
}
