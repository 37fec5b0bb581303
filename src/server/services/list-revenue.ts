import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import type { RevenuePart } from '#server/lib/report-rollup.ts';
import { SOLD_STATES } from '#server/lib/report-sql.ts';

export type ListRevenueOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD). */
  from: string;
  to: string;
};

type Row = {
  day: string;
  route_key: string | null;
  route: string | null;
  channel: string;
  payment_method: string;
  currency: string;
  bookings: number;
  sales: string;
  refunds: string;
  voids: string;
};

/**
 * The money of the range's bookings (by travel date), per travel date, route, channel, payment
 * method and currency, in one query: the tickets found by `tickets_travel_date_idx` and summed
 * per departure, channel, method and currency, then per route. lib/report-rollup.ts adds them
 * up by each of those.
 *
 * A booking counts when it was sold: confirmed or completed, or cancelled, rejected or voided
 * after its payment was taken (`payment_status` completed, or a counter sale's void). Its
 * `sales` is its total; `refunds` the refunds paid back on it (done requests), except a cheaper
 * rebooking's, whose difference its total already lost; `voids` the total of a voided counter
 * sale; `net` what the operator keeps: sales less refunds and voids. A partner's booking counts
 * when it is confirmed, paid or not: what the partner still owes shows under Owed.
 */
export async function listRevenue({ db, from, to }: ListRevenueOptions): Promise<RevenuePart[]> {
  const result = await db.execute(sql`
    WITH route AS (
      SELECT r.schedule_id,
             string_agg(r.location_id::text, '>' ORDER BY r.stop_order) AS route_key,
             string_agg(l.name, ' → ' ORDER BY r.stop_order) AS route
        FROM schedules s
        JOIN schedule_route_stops r ON r.schedule_id = s.id
        JOIN locations l ON l.id = r.location_id
       WHERE s.travel_date BETWEEN ${from}::date AND ${to}::date
       GROUP BY r.schedule_id
    ),
    -- The bookings sold, added up per departure, channel, method and currency first: the routes
    -- then join a few thousand rows, not every ticket.
    per AS (
      SELECT t.travel_date, t.schedule_id, t.channel, t.payment_method, t.currency,
             count(*) AS bookings,
             sum(t.total_amount) AS sales,
             coalesce(sum(rf.amount), 0) AS refunds,
             coalesce(sum(t.total_amount) FILTER (WHERE t.voided_at IS NOT NULL), 0) AS voids
        FROM tickets t
        LEFT JOIN (
          -- The refunds of the range's bookings only: a day's report reads a day's, not a year's.
          SELECT rr.ticket_id, sum(rr.amount) AS amount
            FROM refund_requests rr
            JOIN tickets rt ON rt.id = rr.ticket_id
           WHERE rr.status = 'refunded' AND rr.reason <> 'cheaper_rebooking'
             AND rt.travel_date BETWEEN ${from}::date AND ${to}::date
           GROUP BY rr.ticket_id
        ) rf ON rf.ticket_id = t.id
       WHERE t.travel_date BETWEEN ${from}::date AND ${to}::date
         AND (t.ticket_status IN ${SOLD_STATES}
              OR t.voided_at IS NOT NULL
              OR (t.ticket_status NOT IN ('pending', 'awaiting_card') AND t.payment_status = 'completed'))
       GROUP BY t.travel_date, t.schedule_id, t.channel, t.payment_method, t.currency
    )
    SELECT per.travel_date::text AS day, route.route_key, max(route.route) AS route,
           per.channel, per.payment_method, per.currency,
           sum(per.bookings)::int AS bookings,
           sum(per.sales)::text AS sales,
           sum(per.refunds)::text AS refunds,
           sum(per.voids)::text AS voids
      FROM per
      LEFT JOIN route ON route.schedule_id = per.schedule_id
     GROUP BY per.travel_date, route.route_key, per.channel, per.payment_method, per.currency`);
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    day: row.day,
    routeKey: row.route_key ?? '',
    route: row.route ?? 'Unknown route',
    channel: row.channel,
    method: row.payment_method,
    currency: row.currency,
    bookings: Number(row.bookings),
    sales: row.sales,
    refunds: row.refunds,
    voids: row.voids,
  }));
}
