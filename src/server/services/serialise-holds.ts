import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import type { PassengerHold } from './check-hold-limits.ts';

export type SerialiseHoldsOptions = { db: DbOrTx } & PassengerHold;

/**
 * Takes, until the transaction ends, the turn of this client address on this departure and of
 * this e-mail, always in that order, so two requests of one client cannot both pass a count.
 */
export async function serialiseHolds({ db, ...hold }: SerialiseHoldsOptions): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`hold-ip:${hold.clientIp}|${hold.scheduleId}|${hold.travelDate}`}, 0))`,
  );
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`hold-email:${hold.email}`}, 0))`);
}
