import { sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Stretch } from '#server/lib/stretch.ts';
import { MSG } from '#shared/messages/api.ts';

/*
 * No hostage inventory (docs/decisions/008-fair-holds.md). A passenger's seat locks and pending
 * bookings are counted in the database, so the limits hold across instances:
 * - one client address holds at most SEAT_HOLD_PER_IP seats of one departure, live locks and
 *   pending bookings together, and never more than SEAT_HOLD_MAX_SHARE (half) of the seats it
 *   could take, so it never makes a departure look sold out. Seats are sold per leg
 *   (docs/decisions/032), so both are counted per leg of the stretch asked for: on no leg may the
 *   address hold more, so reusing a seat freed at a stop never lets it hold more of a departure;
 * - one verified e-mail holds at most MAX_TICKETS_PER_BOOKING seats in live locks;
 * - one verified e-mail has at most PENDING_BOOKINGS_PER_EMAIL bookings waiting for review.
 * Staff sales are not public requests and never come through here.
 */

export type HoldLimits = Pick<
  Config,
  'seatHoldPerIp' | 'seatHoldMaxShare' | 'maxTicketsPerBooking' | 'pendingBookingsPerEmail'
>;

export const holdLimitsOf = (config: Config): HoldLimits => ({
  seatHoldPerIp: config.seatHoldPerIp,
  seatHoldMaxShare: config.seatHoldMaxShare,
  maxTicketsPerBooking: config.maxTicketsPerBooking,
  pendingBookingsPerEmail: config.pendingBookingsPerEmail,
});

/** A request for more seats than one booking may carry (MAX_TICKETS_PER_BOOKING). */
export const tooManyTickets = (max: number) =>
  new AppError('too_many_tickets', MSG.maxTicketsPerBooking(max), 400, { details: { max } });

export type PassengerHold = {
  scheduleId: string;
  travelDate: string;
  /** The wizard run: its own locks are replaced by (or become) what is asked now, so they do not count. */
  session: string;
  clientIp: string;
  /** The verified e-mail, lower case. */
  email: string;
  /** Seats this request would hold. */
  seats: number;
  /** The legs it would hold them for. */
  stretch: Stretch;
  now: Date;
  limits: HoldLimits;
};

type HoldCounts = {
  /** Per leg of the stretch: [seats the address holds on it, seats anyone holds on it]. */
  legs: Array<[number, number]> | null;
  seats_total: number;
  email_locked: number;
};

export type CheckHoldLimitsOptions = { db: DbOrTx } & PassengerHold;

/** Refuses with 429 a request that would take a client address or an e-mail over its limits. */
export async function checkHoldLimits({ db, ...hold }: CheckHoldLimitsOptions): Promise<void> {
  const now = hold.now.toISOString();
  const live = sql`k.schedule_id = ${hold.scheduleId}::uuid AND k.travel_date = ${hold.travelDate}::date
    AND k.locked_until > ${now}::timestamptz AND k.user_session <> ${hold.session}
    AND k.from_stop <= l.leg AND k.to_stop > l.leg`;
  const booked = sql`ts.schedule_id = ${hold.scheduleId}::uuid AND ts.travel_date = ${hold.travelDate}::date
    AND ts.from_stop <= l.leg AND ts.to_stop > l.leg`;
  const result = await db.execute(sql`
    SELECT
      (SELECT json_agg(json_build_array(
          (SELECT count(*)::int FROM seat_locks k WHERE ${live} AND k.client_ip = ${hold.clientIp})
          + (SELECT count(*)::int FROM ticket_seats ts JOIN tickets t ON t.id = ts.ticket_id
              WHERE ${booked} AND t.ticket_status IN ('pending', 'awaiting_card') AND t.client_ip = ${hold.clientIp}),
          (SELECT count(*)::int FROM seat_locks k WHERE ${live})
          + (SELECT count(*)::int FROM ticket_seats ts WHERE ${booked})) ORDER BY l.leg)
        FROM generate_series(${hold.stretch.fromStop}::int, ${hold.stretch.toStop - 1}::int) AS l(leg)) AS legs,
      (SELECT count(*)::int FROM schedule_launches sl JOIN launches la ON la.id = sl.launch_id
         CROSS JOIN LATERAL unnest(la.seat_numbers) AS seat(label)
        WHERE sl.schedule_id = ${hold.scheduleId}::uuid
          AND la.status = 'active' AND la.archived_at IS NULL) AS seats_total,
      (SELECT count(*)::int FROM seat_locks k
        WHERE k.email = ${hold.email} AND k.locked_until > ${now}::timestamptz
          AND k.user_session <> ${hold.session}) AS email_locked
  `);
  const [counts] = (result as unknown as { rows: HoldCounts[] }).rows;
  if (!counts) return;
  // On each leg: what this client could take is the free seats plus those it holds already.
  let more = Number.POSITIVE_INFINITY;
  for (const [ipHeld, held] of counts.legs ?? []) {
    const couldTake = Math.max(0, Number(counts.seats_total) - Number(held) + Number(ipHeld));
    const cap = Math.min(hold.limits.seatHoldPerIp, Math.ceil(couldTake * hold.limits.seatHoldMaxShare));
    more = Math.min(more, Math.max(0, cap - Number(ipHeld)));
  }
  if (hold.seats > more) {
    throw new AppError('seat_hold_limit', MSG.seatHoldLimit(more), 429, { details: { more } });
  }
  if (Number(counts.email_locked) + hold.seats > hold.limits.maxTicketsPerBooking) {
    const max = hold.limits.maxTicketsPerBooking;
    throw new AppError('email_hold_limit', MSG.emailHoldLimit(max), 429, { details: { max } });
  }
}
