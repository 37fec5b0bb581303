import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';
import type { PassengerHold } from './check-hold-limits.ts';

export type CheckPendingBookingsOptions = { db: DbOrTx } & Pick<PassengerHold, 'email' | 'limits'>;

/** Refuses with 409 a new booking from an e-mail that already has its share waiting for review (a return counts once). */
export async function checkPendingBookings({ db, ...hold }: CheckPendingBookingsOptions): Promise<void> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS pending FROM tickets
     WHERE lower(passenger_email) = ${hold.email} AND ticket_status = 'pending' AND journey = 1
  `);
  const [row] = (result as unknown as { rows: Array<{ pending: number }> }).rows;
  const max = hold.limits.pendingBookingsPerEmail;
  if (Number(row?.pending ?? 0) >= max) {
    throw new AppError('pending_bookings_limit', MSG.pendingBookingsLimit(max), 409, { details: { max } });
  }
}
