import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { returnDiscounts } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { refuseUnknownPlaces } from '#server/lib/pair-places.ts';
import type { ReturnDiscount, ReturnDiscountInput } from '#shared/return-discounts.ts';

export type SaveReturnDiscountOptions = { db: Db; input: ReturnDiscountInput; actorUserId: string };

/**
 * Sets a port pair's return discount (docs/decisions/037-return-trips.md), or removes it with 0;
 * audited (entity 'return_discount'). The next return booked on the pair, either way round, is
 * charged it; bookings made keep what they cost. Answers the discount now in force, or null.
 */
export async function saveReturnDiscount({
  db,
  input,
  actorUserId,
}: SaveReturnDiscountOptions): Promise<ReturnDiscount | null> {
  return db.transaction(async (tx) => {
    await refuseUnknownPlaces(tx, input);

    const pair = and(
      eq(returnDiscounts.originId, input.originId),
      eq(returnDiscounts.destinationId, input.destinationId),
    );
    const [before] = await tx.select().from(returnDiscounts).where(pair).for('update');
    const removing = Number(input.percentOff) === 0;
    let after: ReturnDiscount | null = null;
    let savedId: string | null = null;
    if (removing) {
      await tx.delete(returnDiscounts).where(pair);
    } else {
      const [saved] = await tx
        .insert(returnDiscounts)
        .values({
          originId: input.originId,
          destinationId: input.destinationId,
          percentOff: input.percentOff,
        })
        .onConflictDoUpdate({
          target: [returnDiscounts.originId, returnDiscounts.destinationId],
          set: { percentOff: input.percentOff, updatedAt: new Date() },
        })
        .returning({
          id: returnDiscounts.id,
          originId: returnDiscounts.originId,
          destinationId: returnDiscounts.destinationId,
          percentOff: returnDiscounts.percentOff,
        });
      savedId = saved?.id ?? null;
      if (saved)
        after = {
          originId: saved.originId,
          destinationId: saved.destinationId,
          percentOff: saved.percentOff,
        };
    }
    if (before || after) {
      await writeAudit({
        db: tx,
        actorUserId,
        action: removing ? 'delete' : before ? 'update' : 'create',
        entity: 'return_discount',
        entityId: before?.id ?? savedId,
        before: before ? { ...input, percentOff: before.percentOff } : null,
        after,
      });
    }
    return after;
  });
}
