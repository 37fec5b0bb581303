import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isAwaitingTransfer } from '#server/lib/awaiting-transfer.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Stretch } from '#server/lib/stretch.ts';
import { MSG } from '#shared/messages/api.ts';

export type CheckPayLaterShareOptions = {
  db: DbOrTx;
  scheduleId: string;
  travelDate: string;
  stretch: Stretch;
  /** Seats the new booking would hold. */
  seats: number;
  /** The share of the departure's seats, in percent, that bookings waiting for transfers may hold. */
  maxSharePercent: number;
};

/**
 * Refuses with 409 a pay-later booking that would take the seats waiting for transfers over the
 * operator's share of the departure on any leg it travels (docs/decisions/040-pay-later.md): a
 * day-long hold must never take a boat hostage. Called after the departure's holds are
 * serialised (serialiseHolds), so two such bookings never both count the same free share.
 */
export async function checkPayLaterShare(opts: CheckPayLaterShareOptions): Promise<void> {
  const result = await opts.db.execute(sql`
    select
      (select coalesce(max(held), 0)::int from (
        select count(ts.ticket_id) as held
          from generate_series(${opts.stretch.fromStop}::int, ${opts.stretch.toStop - 1}::int) as l(leg)
          left join ticket_seats ts on ts.schedule_id = ${opts.scheduleId}::uuid
            and ts.travel_date = ${opts.travelDate}::date and ts.from_stop <= l.leg and ts.to_stop > l.leg
            and exists (select 1 from tickets t where t.id = ts.ticket_id and ${isAwaitingTransfer})
         group by l.leg) per_leg) as held,
      (select count(*)::int from schedule_launches sl join launches la on la.id = sl.launch_id
         cross join lateral unnest(la.seat_numbers) as seat(label)
        where sl.schedule_id = ${opts.scheduleId}::uuid
          and la.status = 'active' and la.archived_at is null) as seats_total
  `);
  const [row] = (result as unknown as { rows: Array<{ held: number; seats_total: number }> }).rows;
  const cap = Math.floor((Number(row?.seats_total ?? 0) * opts.maxSharePercent) / 100);
  if (Number(row?.held ?? 0) + opts.seats > cap) {
    throw new AppError('pay_later_share_full', MSG.payLaterShareFull, 409);
  }
}
