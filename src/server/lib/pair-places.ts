import { and, eq, isNull, or } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import { FARE_MSG } from '#shared/messages/staff.ts';
import type { Tx } from '../db/client.ts';
import { locations } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * A port pair's two places must be locations in use (not archived): a fare's and a return
 * discount's check (docs/decisions/033, 037), each told under its own field.
 */
export async function refuseUnknownPlaces(
  tx: Tx,
  pair: { originId: string; destinationId: string },
): Promise<void> {
  const found = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        or(eq(locations.id, pair.originId), eq(locations.id, pair.destinationId)),
        isNull(locations.archivedAt),
      ),
    );
  const ids = new Set(found.map((l) => l.id));
  for (const field of ['originId', 'destinationId'] as const) {
    if (!ids.has(pair[field])) {
      throw new AppError('validation_error', MSG.checkRequiredFields, 400, {
        fields: { [field]: FARE_MSG.locationGone },
      });
    }
  }
}
