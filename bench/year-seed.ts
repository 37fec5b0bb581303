// A year of a busy operator, written straight into the database while no server holds it, in
// set-based statements through the product's own tables, constraints and indexes (the seat
// exclusion constraint included). Every id is derived from its position (md5 of a name), so the
// statements join on computed ids instead of reading back what they wrote.
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import type { Departure } from './mixes.ts';
import type { BenchDatabase } from './server.ts';

export type YearShape = {
  /** Days before today with departures (completed), and days from today on (to come). */
  pastDays: number;
  futureDays: number;
  /** Departures a day, and tickets per departure (1 or 2 seats each, alternately). */
  departuresPerDay: number;
  ticketsPerDeparture: number;
};

/** 40 departures a day for 365 days, 34 tickets (51 of 80 seats) each: 496,400 tickets. */
export const FULL_YEAR: YearShape = {
  pastDays: 330,
  futureDays: 35,
  departuresPerDay: 40,
  ticketsPerDeparture: 34,
};

export const LAUNCHES = 8;
/** The seeded launches' names: `Year launch 0` to `Year launch 7` (the 'launches' step). */
const YEAR_LAUNCHES_LIKE = 'Year launch %';
const SEATS = 80;

export type SeedReport = { ms: number; steps: Array<{ step: string; ms: number; rows: number }> };

export async function seedYear(db: BenchDatabase, shape: YearShape): Promise<SeedReport> {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? '' });
  const started = performance.now();
  const steps: SeedReport['steps'] = [];
  const { pastDays: P, futureDays: F, departuresPerDay: D, ticketsPerDeparture: J } = shape;
  const days = P + F;
  // Minutes between departures, 06:00 to 19:00.
  const gap = Math.floor((13 * 60) / Math.max(1, D - 1));
  const run = async (step: string, statement: ReturnType<typeof sql>) => {
    const t = performance.now();
    const result = (await database.db.execute(statement)) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    steps.push({
      step,
      ms: performance.now() - t,
      rows: Number(result.rowCount ?? result.affectedRows ?? 0),
    });
  };
  const n = (v: number) => sql.raw(String(v));
  try {
    // Ids derived from a name, shaped as the version-4 UUIDs the API's parameters accept.
    await database.db.execute(sql`create or replace function bench_year_id(name text) returns uuid
      language sql immutable as $$ select overlay(overlay(md5(name) placing '4' from 13) placing '8' from 17)::uuid $$`);
    await run(
      'launches',
      sql`insert into launches (id, name, capacity, seat_numbers, status)
        select bench_year_id('yl' || l), 'Year launch ' || l, ${n(SEATS)},
          array(select 'S' || s from generate_series(1, ${n(SEATS)}) s), 'active'
        from generate_series(0, ${n(LAUNCHES - 1)}) l`,
    );
    await run(
      'partners',
      sql`insert into partners (id, name, contact_email, currency, commission_percent, credit_limit, payment_terms_days)
        select bench_year_id('yp' || p), 'Year Resort ' || p, 'resort' || p || '@example.com', 'MVR', 10, 1000000, 30
        from generate_series(0, 1) p`,
    );
    // Departure (d, k): day d from P days ago, k-th of the day; completed once its day is past.
    await run(
      'schedules',
      sql`insert into schedules (id, travel_date, departure_time, status, completed_at, created_at)
        select bench_year_id('ys' || d || '-' || k), current_date - ${n(P)} + d,
          time '06:00' + make_interval(mins => k * ${n(gap)}),
          case when d < ${n(P)} then 'completed' else 'scheduled' end,
          case when d < ${n(P)} then (current_date - ${n(P)} + d + time '21:00')::timestamptz end,
          (current_date - ${n(P)} + d - 60)::timestamptz
        from generate_series(0, ${n(days - 1)}) d cross join generate_series(0, ${n(D - 1)}) k`,
    );
    await run(
      'schedule_launches',
      sql`insert into schedule_launches (schedule_id, launch_id, position)
        select bench_year_id('ys' || d || '-' || k), bench_year_id('yl' || (k % ${n(LAUNCHES)})), 0
        from generate_series(0, ${n(days - 1)}) d cross join generate_series(0, ${n(D - 1)}) k`,
    );
    // 2, 3 or 4 stops, over the demo's five places (a step of 1 or 2 modulo 5 never repeats one).
    await run(
      'schedule_route_stops',
      sql`with places as (select array_agg(id order by name) ids, count(*)::int c from locations)
        insert into schedule_route_stops (schedule_id, location_id, departure_time, stop_order)
        select bench_year_id('ys' || d || '-' || k), places.ids[1 + (k + i * (1 + k % 2)) % places.c],
          time '06:00' + make_interval(mins => k * ${n(gap)} + i * 30), i
        from places, generate_series(0, ${n(days - 1)}) d cross join generate_series(0, ${n(D - 1)}) k
          cross join lateral generate_series(0, 1 + k % 3) i`,
    );
    // Ticket (d, k, j), number x overall: seats from S(j + j/2 + 1), one or two of them.
    await database.db.execute(sql`create unlogged table year_t as
      select d, k, j, x, bench_year_id('yt' || x) id, current_date - ${n(P)} + d travel_date,
        1 + j % 2 seats, j + j / 2 first_seat, 2 + k % 3 stops,
        case when k % 3 > 0 and j % 5 = 4 then 1 else 0 end from_stop,
        case when j % 10 < 6 then 'online' when j % 10 < 9 then 'counter' else 'partner' end channel,
        case
          when d < ${n(P)} then case
            when x % 100 < 90 then 'confirmed'
            when x % 100 < 95 then 'cancelled_by_passenger'
            when x % 100 < 97 then 'cancelled_by_operator'
            else 'cancelled' end
          when d < ${n(P + 3)} and x % 100 < 5 and j % 10 < 6 then 'pending'
          when x % 100 < 94 then 'confirmed'
          else 'cancelled_by_passenger' end status
      from generate_series(0, ${n(days - 1)}) d cross join generate_series(0, ${n(D - 1)}) k
        cross join generate_series(0, ${n(J - 1)}) j
        cross join lateral (select (d * ${n(D)} + k) * ${n(J)} + j x) xs`);
    await database.db.execute(sql`alter table year_t add column method text, add column created timestamptz`);
    await database.db.execute(sql`update year_t set
      method = case channel
        when 'online' then case when x % 4 = 0 then 'Card Online' else 'Bank Transfer' end
        when 'counter' then (array['Cash', 'Card', 'Bank Transfer'])[1 + x % 3]
        else 'On Account' end,
      created = least(now() - make_interval(days => x % 30, mins => 5 + j * 7),
        (travel_date - x % 20 + time '07:00')::timestamptz + make_interval(mins => j * 7))`);
    await run(
      'tickets',
      sql`with places as (select array_agg(id order by name) ids, count(*)::int c from locations)
        insert into tickets (id, payment_reference, schedule_id, launch_id, travel_date, passenger_name,
          passenger_email, passenger_phone, passenger_nationality, adult_count, total_amount, currency,
          exchange_rate, payment_method, payment_status, ticket_status, payment_slip_key, ticket_breakdown,
          seat_numbers, user_origin_id, user_destination_id, approved_at, client_ip, channel, partner_id,
          public_amount, commission_amount, sale_id, amount_received, eticket_token, created_at, updated_at)
        select t.id, '7' || lpad(t.x::text, 9, '0'), bench_year_id('ys' || t.d || '-' || t.k),
          bench_year_id('yl' || (t.k % ${n(LAUNCHES)})), t.travel_date,
          'Passenger ' || t.x, 'passenger' || t.x || '@example.com', '+960 7' || lpad((t.x % 1000000)::text, 6, '0'),
          case when t.x % 3 = 0 then 'German' else 'Maldivian' end, t.seats,
          t.seats * case when t.x % 3 = 0 then 50 else 150 end,
          case when t.x % 3 = 0 then 'USD' else 'MVR' end, 15.42, t.method,
          case when t.status = 'pending' then 'pending' else 'completed' end, t.status,
          case when t.method = 'Bank Transfer' and t.channel = 'online' then 'slips/year/' || t.id || '.webp' end,
          jsonb_build_array(jsonb_build_object('type', case when t.x % 3 = 0 then 'foreigner' else 'local' end,
            'category', 'adult', 'quantity', t.seats,
            'price', case when t.x % 3 = 0 then '50.00' else '150.00' end)),
          array(select 'S' || s from generate_series(t.first_seat + 1, t.first_seat + t.seats) s),
          places.ids[1 + (t.k + t.from_stop * (1 + t.k % 2)) % places.c],
          places.ids[1 + (t.k + (t.stops - 1) * (1 + t.k % 2)) % places.c],
          case when t.status <> 'pending' and t.status <> 'cancelled' then t.created + interval '30 minutes' end,
          case when t.channel = 'online' then '10.' || t.x % 250 || '.' || t.x / 250 % 250 || '.' || t.x / 62500 % 250 end,
          t.channel, case when t.channel = 'partner' then bench_year_id('yp' || t.x % 2) end,
          case when t.channel = 'partner' then t.seats * 150 end,
          case when t.channel = 'partner' then t.seats * 15 end,
          case when t.channel = 'counter' then bench_year_id('ysale' || t.x) end,
          case when t.channel = 'counter' then t.seats * 150 end,
          case when t.status = 'confirmed' then md5('ytok' || t.x) || md5('ytok2' || t.x) end,
          t.created, t.created + interval '30 minutes'
        from year_t t, places`,
    );
    await run(
      'ticket_passengers',
      sql`insert into ticket_passengers (ticket_id, position, name, nationality, category, ticket_type)
        select t.id, p, 'Passenger ' || t.x || case when p > 0 then ' companion' else '' end,
          case when t.x % 3 = 0 then 'German' else 'Maldivian' end, 'adult',
          case when t.x % 3 = 0 then 'foreigner' else 'local' end
        from year_t t cross join lateral generate_series(0, t.seats - 1) p`,
    );
    await run(
      'ticket_seats',
      sql`insert into ticket_seats (ticket_id, schedule_id, travel_date, launch_id, seat_number, from_stop, to_stop)
        select t.id, bench_year_id('ys' || t.d || '-' || t.k), t.travel_date, bench_year_id('yl' || (t.k % ${n(LAUNCHES)})),
          'S' || s, t.from_stop, t.stops - 1
        from year_t t cross join lateral generate_series(t.first_seat + 1, t.first_seat + t.seats) s
        where t.status in ('pending', 'confirmed')`,
    );
    await run(
      'boardings',
      sql`insert into boardings (id, ticket_id, schedule_id, stop, persons, accepted, outcome, device_id,
          device_time, received_at)
        select bench_year_id('yb' || t.x), t.id, bench_year_id('ys' || t.d || '-' || t.k), t.from_stop, t.seats, t.seats,
          'boarded', 'year-device-' || t.k % 4, (t.travel_date + time '06:00')::timestamptz + make_interval(mins => t.k * ${n(gap)}),
          (t.travel_date + time '06:00')::timestamptz + make_interval(mins => t.k * ${n(gap)} + 1)
        from year_t t where t.d < ${n(P)} and t.status = 'confirmed' and t.x % 20 <> 7`,
    );
    await run(
      'card_payments',
      sql`insert into card_payments (local_id, ticket_id, provider, transaction_id, redirect_url, amount_minor,
          currency, state, hold_until, checked_at, paid_at, created_at, updated_at)
        select md5('ycl' || t.x), t.id, 'test', md5('yct' || t.x), 'https://pay.example.com/' || t.x,
          t.seats * case when t.x % 3 = 0 then 5000 else 15000 end, case when t.x % 3 = 0 then 'USD' else 'MVR' end,
          case when t.status = 'pending' then 'open' else 'paid' end, t.created + interval '15 minutes',
          t.created + interval '2 minutes', case when t.status <> 'pending' then t.created + interval '2 minutes' end,
          t.created, t.created
        from year_t t where t.method = 'Card Online'`,
    );
    // Half the transfers were paid through an imported statement: one statement a day.
    await run(
      'bank_statements',
      sql`insert into bank_statements (id, account, format, file_name, file_sha256, imported, matched, created_at)
        select bench_year_id('ybs' || d), 'MVR', 'csv', 'statement-' || d || '.csv', md5('ybs' || d), 0, 0,
          (current_date - ${n(P)} + d + time '09:00')::timestamptz
        from generate_series(0, ${n(days - 1)}) d where current_date - ${n(P)} + d <= current_date`,
    );
    const paidByStatement = sql`t.method = 'Bank Transfer' and t.channel = 'online' and t.status <> 'pending'
      and t.status <> 'cancelled' and t.x % 2 = 0`;
    await run(
      'statement_lines',
      sql`insert into statement_lines (id, statement_id, account, row, booked_on, amount, currency, remark, payer,
          bank_transaction_id, fingerprint, reference_candidates, status, created_at)
        select bench_year_id('ysl' || t.x), bench_year_id('ybs' || (t.created::date - (current_date - ${n(P)}))),
          case when t.x % 3 = 0 then 'USD' else 'MVR' end, t.j + 1 + t.k * ${n(J)}, t.created::date,
          t.seats * case when t.x % 3 = 0 then 50 else 150 end, case when t.x % 3 = 0 then 'USD' else 'MVR' end,
          'Ferry 7' || lpad(t.x::text, 9, '0'), 'Passenger ' || t.x, 'YEAR' || t.x, md5('ysf' || t.x),
          array['7' || lpad(t.x::text, 9, '0')], 'matched', t.created + interval '1 day'
        from year_t t where ${paidByStatement}
          and t.created::date - (current_date - ${n(P)}) between 0 and ${n(days - 1)}`,
    );
    await run(
      'statement_payments',
      sql`insert into statement_payments (line_id, ticket_id, amount, created_at)
        select l.id, t.id, l.amount, l.created_at
        from year_t t join statement_lines l on l.id = bench_year_id('ysl' || t.x) where ${paidByStatement}`,
    );
    // What passengers' and the operator's cancellations owe: paid back, the last week's still queued.
    await run(
      'refund_requests',
      sql`insert into refund_requests (ticket_id, amount, currency, reason, percent, payment_verified, status,
          bank_reference, created_at, refunded_at)
        select t.id, t.seats * case when t.x % 3 = 0 then 50 else 150 end, case when t.x % 3 = 0 then 'USD' else 'MVR' end,
          case when t.status = 'cancelled_by_operator' then 'operator_cancelled' else 'passenger_cancelled' end,
          case when t.status = 'cancelled_by_passenger' then 100 end, true, r.status,
          case when r.status = 'refunded' then 'REF' || t.x end, t.created + interval '1 day',
          case when r.status = 'refunded' then t.created + interval '3 days' end
        from year_t t
          cross join lateral (select case when t.travel_date >= current_date - 7 and t.x % 4 = 0
            then 'requested' else 'refunded' end status) r
        where t.status in ('cancelled_by_operator', 'cancelled_by_passenger')`,
    );
    // One mail per booking (its e-ticket or its answer), delivered; the last few still to go.
    await run(
      'mail_outbox',
      sql`insert into mail_outbox (id, "to", subject, text, status, attempts, next_attempt_at, sent_at, created_at)
        select bench_year_id('ym' || t.x), 'passenger' || t.x || '@example.com',
          'Your ferry booking 7' || lpad(t.x::text, 9, '0'),
          'Dear Passenger ' || t.x || E',\n\nyour booking 7' || lpad(t.x::text, 9, '0') || ' for ' || t.travel_date || ' is ' || t.status || E'.\n',
          case when t.created > now() - interval '10 minutes' then 'pending' else 'sent' end, 1,
          t.created + interval '30 minutes',
          case when t.created <= now() - interval '10 minutes' then t.created + interval '31 minutes' end,
          t.created + interval '30 minutes'
        from year_t t`,
    );
    await run(
      'audit_log',
      sql`insert into audit_log (actor_user_id, action, entity, entity_id, before, after, created_at)
        select (select id from admin_users order by created_at limit 1),
          case t.channel when 'online' then case when t.method = 'Card Online' then 'card_paid' else 'approve' end
            when 'counter' then 'counter_sale' else 'partner_booking' end,
          'ticket', t.id::text, case when t.channel = 'online' then jsonb_build_object('ticketStatus', 'pending') end,
          jsonb_build_object('ticketStatus', 'confirmed', 'reference', '7' || lpad(t.x::text, 9, '0')),
          t.created + interval '30 minutes'
        from year_t t where t.status <> 'pending' and t.status <> 'cancelled'
        union all
        select null, case when t.status = 'cancelled' then 'reject' else 'cancel' end, 'ticket', t.id::text,
          jsonb_build_object('ticketStatus', 'confirmed'), jsonb_build_object('ticketStatus', t.status),
          t.created + interval '1 day'
        from year_t t where t.status like 'cancelled%'`,
    );
    await database.db.execute(sql`drop table year_t`);
    await database.db.execute(sql`drop function bench_year_id(text)`);
    // A database in service has been vacuumed and analysed by autovacuum (its statistics, and
    // the visibility map an index-only scan needs); PGlite runs no autovacuum, so this is what
    // its operator has after a VACUUM ANALYZE.
    const t = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    steps.push({ step: 'vacuum analyze', ms: performance.now() - t, rows: 0 });
  } finally {
    await database.close();
  }
  return { ms: performance.now() - started, steps };
}

/**
 * The seeded departures (schedule x launch) from `fromDate` on, with their first and last stop,
 * in date and time order: the seat-map mix's on a year. Read while no server holds the database.
 */
export async function seededDepartures(db: BenchDatabase, fromDate: string): Promise<Departure[]> {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? '' });
  try {
    const result = (await database.db.execute(sql`
      select s.id::text schedule_id, s.travel_date::text travel_date, sl.launch_id::text launch_id,
        (select r.location_id::text from schedule_route_stops r where r.schedule_id = s.id
          order by r.stop_order limit 1) origin_id,
        (select r.location_id::text from schedule_route_stops r where r.schedule_id = s.id
          order by r.stop_order desc limit 1) destination_id
      from schedules s
        join schedule_launches sl on sl.schedule_id = s.id
        join launches l on l.id = sl.launch_id
      where l.name like ${YEAR_LAUNCHES_LIKE} and s.travel_date >= ${fromDate}::date
      order by s.travel_date, s.departure_time`)) as unknown as {
      rows: Array<{
        schedule_id: string;
        travel_date: string;
        launch_id: string;
        origin_id: string;
        destination_id: string;
      }>;
    };
    return result.rows.map((r) => ({
      scheduleId: r.schedule_id,
      travelDate: r.travel_date,
      launchId: r.launch_id,
      from: r.origin_id,
      to: r.destination_id,
    }));
  } finally {
    await database.close();
  }
}
