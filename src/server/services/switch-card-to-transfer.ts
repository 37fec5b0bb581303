import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { writeAudits } from '#server/lib/audit.ts';
import { instantInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announceAll } from '#server/lib/live-events.ts';
import { manageLinkUrl } from '#server/lib/manage-links.ts';
import type { SwitchedToTransfer } from '#shared/card-payments.ts';
import { PAYMENT_METHOD } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { paymentDueAt } from '#shared/pay-later.ts';
import { checkPayLaterShare } from './check-pay-later-share.ts';
import { lockCardBooking } from './lock-card-booking.ts';
import { readPayLaterSettings } from './read-pay-later-settings.ts';
import { readRouteStops, stopPositions } from './read-route-stops.ts';

export type SwitchCardToTransferOptions = { db: Db; localId: string; now: Date; tzOperator: string };

/**
 * After a declined card payment, the passenger pays by bank transfer instead
 * (docs/decisions/042): the booking becomes one that pays later by transfer
 * (docs/decisions/040-pay-later.md), under the same rules as one sent that way: the operator
 * offers it, the departure is not too soon, and transfers do not hold more than their share of
 * it. Its seats stay held until the transfer is due; a slip may be added on the manage page.
 */
export async function switchCardToTransfer(opts: SwitchCardToTransferOptions): Promise<SwitchedToTransfer> {
  const { now } = opts;
  return opts.db.transaction(async (tx) => {
    const { main, rows } = await lockCardBooking({ tx, localId: opts.localId, now });
    const settings = await readPayLaterSettings({ db: tx });
    const departs = instantInZone(
      main.travelDate,
      main.passengerDepartureTime ?? '00:00:00',
      opts.tzOperator,
    );
    const dueAt = paymentDueAt(now, departs, settings);
    if (!dueAt) throw new AppError('pay_later_unavailable', MSG.payLaterUnavailable, 409);
    for (const r of rows) {
      const stops = await readRouteStops({ db: tx, scheduleId: r.scheduleId });
      await checkPayLaterShare({
        db: tx,
        scheduleId: r.scheduleId,
        travelDate: r.travelDate,
        stretch: stopPositions(stops, r),
        seats: r.seatNumbers.length,
        maxSharePercent: settings.maxSharePercent,
      });
    }
    const ids = rows.map((r) => r.id);
    await tx
      .update(tickets)
      .set({ ticketStatus: 'pending', paymentMethod: PAYMENT_METHOD, paymentDueAt: dueAt, updatedAt: now })
      .where(inArray(tickets.id, ids));
    await writeAudits({
      db: tx,
      entries: rows.map((r) => ({
        actorUserId: null,
        action: 'card_to_transfer',
        entity: 'ticket',
        entityId: r.id,
        before: { ticketStatus: 'awaiting_card', paymentDueAt: r.paymentDueAt?.toISOString() ?? null },
        after: { ticketStatus: 'pending', paymentMethod: PAYMENT_METHOD, paymentDueAt: dueAt.toISOString() },
      })),
    });
    await announceAll({
      db: tx,
      events: ids.map((id) => ({ kind: 'ticket', data: { type: 'updated', ticketId: id } })),
    });
    return {
      managePath: await manageLinkUrl({
        db: tx,
        base: '',
        ticket: { id: main.id, reference: main.paymentReference },
        now,
      }),
      paymentDueAt: dueAt.toISOString(),
    };
  });
}
