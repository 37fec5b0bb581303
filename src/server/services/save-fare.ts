import { and, eq, ne } from 'drizzle-orm';
import type { Fare, FareInput } from '#shared/fares.ts';
import { MSG } from '#shared/messages/api.ts';
import { FARE_MSG } from '#shared/messages/staff.ts';
import type { Db, Tx } from '../db/client.ts';
import { fareCategories, routeFares } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { refuseUnknownPlaces } from '../lib/pair-places.ts';
import { fareColumns, fareOf } from './list-fares.ts';

export type SaveFareOptions = {
  db: Db;
  id?: string;
  /** What the route's schema parsed. */
  input: FareInput;
  actorUserId: string | null;
};

export const fareNotFound = () => new AppError('fare_not_found', FARE_MSG.fareNotFound, 404);

/** A field's own text under it, as a form shows it. */
const fieldError = (field: keyof FareInput, text: string) =>
  new AppError('validation_error', MSG.checkRequiredFields, 400, { fields: { [field]: text } });

/** Adult, child, infant or a concession the operator made (docs/decisions/036). */
async function refuseUnknownCategory(tx: Tx, input: FareInput): Promise<void> {
  if (['adult', 'child', 'infant'].includes(input.category)) return;
  const [found] = await tx
    .select({ code: fareCategories.code })
    .from(fareCategories)
    .where(eq(fareCategories.code, input.category))
    .limit(1);
  if (!found) throw fieldError('category', FARE_MSG.categoryRequired);
}

/** One fare per pair, ticket type and category: another one already there is 409. */
async function refuseSecondFare(tx: Tx, input: FareInput, id: string | undefined): Promise<void> {
  const [other] = await tx
    .select({ id: routeFares.id })
    .from(routeFares)
    .where(
      and(
        eq(routeFares.originId, input.originId),
        eq(routeFares.destinationId, input.destinationId),
        eq(routeFares.ticketType, input.type),
        eq(routeFares.category, input.category),
        id ? ne(routeFares.id, id) : undefined,
      ),
    )
    .limit(1);
  if (other)
    throw new AppError('fare_exists', FARE_MSG.fareExists, 409, { fields: { price: FARE_MSG.fareExists } });
}

/**
 * Creates (no `id`) or changes one price of a port pair (docs/decisions/033-fares-per-port-pair.md),
 * audited as the payment settings are. The next booking, sale or rebooking on the pair is
 * charged it; tickets already sold keep what they cost.
 */
export async function saveFare(opts: SaveFareOptions): Promise<Fare> {
  const { input } = opts;
  const values = {
    originId: input.originId,
    destinationId: input.destinationId,
    ticketType: input.type,
    category: input.category,
    price: input.price,
  };
  try {
    return await opts.db.transaction(async (tx) => {
      await refuseUnknownPlaces(tx, input);
      await refuseUnknownCategory(tx, input);
      if (!opts.id) {
        await refuseSecondFare(tx, input, undefined);
        const [created] = await tx.insert(routeFares).values(values).returning(fareColumns);
        if (!created) throw new Error('fare insert returned nothing');
        const fare = fareOf(created);
        await writeAudit({
          db: tx,
          actorUserId: opts.actorUserId,
          action: 'create',
          entity: 'fare',
          entityId: fare.id,
          after: fare,
        });
        return fare;
      }
      const [row] = await tx
        .select(fareColumns)
        .from(routeFares)
        .where(eq(routeFares.id, opts.id))
        .for('update');
      if (!row) throw fareNotFound();
      await refuseSecondFare(tx, input, opts.id);
      const [updated] = await tx
        .update(routeFares)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(routeFares.id, opts.id))
        .returning(fareColumns);
      if (!updated) throw fareNotFound();
      const fare = fareOf(updated);
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'update',
        entity: 'fare',
        entityId: fare.id,
        before: fareOf(row),
        after: fare,
      });
      return fare;
    });
  } catch (err) {
    // Two saves of the same pair and kind at once: the unique index lets one win.
    if (isUniqueViolation(err)) throw new AppError('fare_exists', FARE_MSG.fareExists, 409);
    throw err;
  }
}
