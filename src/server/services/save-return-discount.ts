import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { locations, returnDiscounts } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';
import { FARE_MSG } from '#shared/messages/staff.ts';
import type { ReturnDiscount, ReturnDiscountInput } from '#shared/return-discounts.ts';

export type SaveReturnDiscountOptions = { db: Db; input: ReturnDiscountInput; actorUserId: string };

const fieldError = (field: keyof ReturnDiscountInput, text: string) =>
  new AppError('validation_error', MSG.checkRequiredFields, 400, { fields: { [field]: text } });

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
    const found = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          or(eq(locations.id, input.originId), eq(locations.id, input.destinationId)),
          isNull(locations.archivedAt),
        ),
      );
    const ids = new Set(found.map((l) => l.id));
    if (!ids.has(input.originId)) throw fieldError('originId', FARE_MSG.locationGone);
    if (!ids.has(input.destinationId)) throw fieldError('destinationId', FARE_MSG.locationGone);

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
