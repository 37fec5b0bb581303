import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { SOLD_STATES } from '#server/lib/report-sql.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { channelName } from '#shared/report-tables.ts';
import type { RevenueRow } from '#shared/reports.ts';

export type ListRevenueOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD). */
  from: string;
  to: string;
};

export type Revenue = {
  day: RevenueRow[];
  route: RevenueRow[];
  channel: RevenueRow[];
  method: RevenueRow[];
  currency: RevenueRow[];
};

type Row = {
  dim: 'day' | 'route' | 'channel' | 'method' | 'currency';
  day: string | null;
  route_key: string | null;
  route: string | null;
  channel: string | null;
  payment_method: string | null;
  currency: string;
  bookings: number;
  sales: string;
  refunds: string;
  voids: string;
};

/**
 * The money of the range's bookings (by travel date), per currency, added up by day, route,
 * channel and payment method in one query: the tickets found by `tickets_travel_date_idx` and
 * summed per departure, channel, method and currency, then those sums by GROUPING SETS.
 *
 * A booking counts when it was sold: confirmed or completed, or cancelled, rejected or voided
 * after its payment was taken (`payment_status` completed, or a counter sale's void). Its
 * `sales` is its total; `refunds` the refunds paid back on it (done requests), except a cheaper
 * rebooking's, whose difference its total already lost; `voids` the total of a voided counter
 * sale; `net` what the operator keeps: sales less refunds and voids. A partner's booking counts
 * when it is confirmed, paid or not: what the partner still owes shows under Owed.
 */
export async function listRevenue({ db, from, to }: ListRevenueOptions): Promise<Revenue> {
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
    -- The bookings sold, added up per departure, channel, method and currency first: the grouping
    -- sets below then add up a few thousand rows, not every ticket.
    per AS (
      SELECT t.travel_date, t.schedule_id, t.channel, t.payment_method, t.currency,
             count(*) AS bookings,
             sum(t.total_amount) AS sales,
             coalesce(sum(rf.amount), 0) AS refunds,
             coalesce(sum(t.total_amount) FILTER (WHERE t.voided_at IS NOT NULL), 0) AS voids
        FROM tickets t
        LEFT JOIN (
          SELECT rr.ticket_id, sum(rr.amount) AS amount
            FROM refund_requests rr
           WHERE rr.status = 'refunded' AND rr.reason <> 'cheaper_rebooking'
           GROUP BY rr.ticket_id
        ) rf ON rf.ticket_id = t.id
       WHERE t.travel_date BETWEEN ${from}::date AND ${to}::date
         AND (t.ticket_status IN ${SOLD_STATES}
              OR t.voided_at IS NOT NULL
              OR (t.ticket_status NOT IN ('pending', 'awaiting_card') AND t.payment_status = 'completed'))
       GROUP BY t.travel_date, t.schedule_id, t.channel, t.payment_method, t.currency
    )
    SELECT CASE WHEN grouping(per.travel_date) = 0 THEN 'day'
                WHEN grouping(route.route_key) = 0 THEN 'route'
                WHEN grouping(per.channel) = 0 THEN 'channel'
                WHEN grouping(per.payment_method) = 0 THEN 'method'
                ELSE 'currency' END AS dim,
           per.travel_date::text AS day, route.route_key, max(route.route) AS route,
           per.channel, per.payment_method, per.currency,
           sum(per.bookings)::int AS bookings,
           sum(per.sales)::text AS sales,
           sum(per.refunds)::text AS refunds,
           sum(per.voids)::text AS voids
      FROM per
      LEFT JOIN route ON route.schedule_id = per.schedule_id
     GROUP BY GROUPING SETS ((per.travel_date, per.currency), (route.route_key, per.currency),
                             (per.channel, per.currency), (per.payment_method, per.currency),
                             (per.currency))`);

  const revenue: Revenue = { day: [], route: [], channel: [], method: [], currency: [] };
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    const [key, label] =
      row.dim === 'day'
        ? [row.day ?? '', row.day ?? '']
        : row.dim === 'route'
          ? [row.route_key ?? '', row.route ?? 'Unknown route']
          : row.dim === 'channel'
            ? [row.channel ?? '', channelName(row.channel ?? '')]
            : row.dim === 'method'
              ? [row.payment_method ?? '', row.payment_method ?? '']
              : [row.currency, row.currency];
    const net = toCents(row.sales) - toCents(row.refunds) - toCents(row.voids);
    revenue[row.dim].push({
      key,
      label,
      currency: row.currency,
      bookings: Number(row.bookings),
      sales: centsToMoney(toCents(row.sales)),
      refunds: centsToMoney(toCents(row.refunds)),
      voids: centsToMoney(toCents(row.voids)),
      net: centsToMoney(net),
    });
  }
  const byLabel = (a: RevenueRow, b: RevenueRow) =>
    a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency);
  revenue.day.sort((a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency));
  revenue.route.sort(byLabel);
  revenue.channel.sort(byLabel);
  revenue.method.sort(byLabel);
  revenue.currency.sort(byLabel);
  return revenue;
}
