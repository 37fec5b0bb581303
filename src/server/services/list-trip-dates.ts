import { sql } from 'drizzle-orm';
import type { TripDates } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { dateInZone, timeInZone } from '../lib/clock.ts';

export type ListTripDatesOptions = {
  db: DbOrTx;
  /** The date searched, which found nothing: the answer is the dates around it. */
  date: string;
  from: string;
  to: string;
  now: Date;
  timeZone: string;
  /** How many dates on each side, at most. */
  perSide?: number;
};

/**
 * The dates nearest to `date` with a trip from From to To, as a search of that date would find
 * it (docs/product.md section 5: scheduled, not archived, From a stop before To), never a day
 * gone nor a departure today that has left the From stop: up to `perSide` before it and after it,
 * each in calendar order.
 */
export async function listTripDates(opts: ListTripDatesOptions): Promise<TripDates> {
  const { db, date, from, to } = opts;
  const perSide = opts.perSide ?? 3;
  const today = dateInZone(opts.now, opts.timeZone);
  const nowTime = timeInZone(opts.now, opts.timeZone);
  const bookable = sql`
    SELECT DISTINCT s.travel_date::text AS d
      FROM schedules s
      JOIN schedule_route_stops f ON f.schedule_id = s.id AND f.location_id = ${from}::uuid
      JOIN schedule_route_stops t ON t.schedule_id = s.id AND t.location_id = ${to}::uuid
     WHERE t.stop_order > f.stop_order
       AND s.status <> 'completed' AND s.status <> 'cancelled' AND s.archived_at IS NULL
       AND s.travel_date >= ${today}::date
       AND (s.travel_date > ${today}::date
            OR coalesce(f.departure_time, s.departure_time) > ${nowTime}::time)`;
  const [before, after] = await Promise.all([
    db.execute(
      sql`SELECT d FROM (${bookable}) x WHERE d::date < ${date}::date ORDER BY d DESC LIMIT ${perSide}`,
    ),
    db.execute(sql`SELECT d FROM (${bookable}) x WHERE d::date > ${date}::date ORDER BY d LIMIT ${perSide}`),
  ]);
  const dates = (result: unknown) => (result as { rows: Array<{ d: string }> }).rows.map((r) => r.d);
  return { before: dates(before).reverse(), after: dates(after) };
}
