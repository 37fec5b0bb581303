import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { launches } from '#server/db/schema.ts';
import type { AdminTicket } from '#shared/admin-api.ts';

export type ReadSeatOrdersOptions = { db: DbOrTx; bookings: AdminTicket[] };

/** Where a booking sat on its old vessel, as a position in that vessel's seat order. */
export async function readSeatOrders({
  db,
  bookings,
}: ReadSeatOrdersOptions): Promise<Map<string, string[]>> {
  const ids = [...new Set(bookings.map((t) => t.launch?.id).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: launches.id, labels: launches.seatNumbers })
    .from(launches)
    .where(inArray(launches.id, ids));
  return new Map(rows.map((r) => [r.id, r.labels]));
}
