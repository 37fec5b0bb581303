import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { boardingClosures, schedules, type tickets } from '#server/db/schema.ts';
import { dateInZone, instantInZone } from '#server/lib/clock.ts';
import { manageLinkInvalid } from '#server/lib/manage-errors.ts';
import { toCents } from '#shared/money.ts';
import { type RefundPolicy, refundPercent } from '#shared/refund-policy.ts';
import { listDepartureStops } from './list-departure-stops.ts';
import { readBoarded } from './read-boarded.ts';
import { readPolicy } from './read-policy.ts';

type TicketRow = typeof tickets.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/** What the policy and the departure allow now, for the view and for every change alike. */
export type ManageRules = {
  leaveAt: Date;
  hoursLeft: number;
  policy: RefundPolicy;
  percent: number;
  refundCents: bigint;
  canCancel: boolean;
  canRebook: boolean;
  freeRebook: boolean;
  /** A dearer rebooking's second payment waits for the office: no further rebooking till then. */
  extraUnderReview: boolean;
  canRename: boolean;
};

const LIVE = ['pending', 'confirmed'];

/** When the vessel leaves the passenger's From stop, and whether boarding closed there. */
async function departureOf(db: DbOrTx, ticket: TicketRow, schedule: ScheduleRow, timeZone: string) {
  const time = ticket.passengerDepartureTime ?? schedule.departureTime;
  const leaveAt = instantInZone(ticket.travelDate, time, timeZone);
  const stops = await listDepartureStops({ db, scheduleId: schedule.id });
  const fromStop = stops.findIndex((s) => s.locationId === ticket.userOriginId);
  const [closed] = await db
    .select({ stop: boardingClosures.stop })
    .from(boardingClosures)
    .where(
      and(eq(boardingClosures.scheduleId, schedule.id), eq(boardingClosures.stop, Math.max(fromStop, 0))),
    )
    .limit(1);
  return { leaveAt, boardingClosed: Boolean(closed) };
}

/** The operator cancelled the departure and has not paid the refund yet: rebooking is free. */
export const rebooksFree = (ticket: Pick<TicketRow, 'ticketStatus' | 'markedStatus'>) =>
  ticket.ticketStatus === 'cancelled_by_operator' && ticket.markedStatus === null;

/** A dearer rebooking's second payment is waiting for the office to check its slip. */
export const extraPaymentWaits = (ticket: Pick<TicketRow, 'ticketStatus' | 'extraAmount'>) =>
  ticket.ticketStatus === 'pending' && ticket.extraAmount !== null;

export type RulesOfOptions = { db: DbOrTx; ticket: TicketRow; now: Date; timeZone: string };

export async function rulesOf({ db, ticket, now, timeZone }: RulesOfOptions): Promise<ManageRules> {
  const [schedule] = await db.select().from(schedules).where(eq(schedules.id, ticket.scheduleId)).limit(1);
  if (!schedule) throw manageLinkInvalid();
  const policy = await readPolicy({ db });
  const { leaveAt, boardingClosed } = await departureOf(db, ticket, schedule, timeZone);
  const hoursLeft = (leaveAt.getTime() - now.getTime()) / HOUR_MS;
  const untouched = ticket.markedStatus === null && (await readBoarded({ db, ticketId: ticket.id })) === 0;
  const upcoming = hoursLeft > 0 && schedule.status === 'scheduled';
  // A partner's booking is the partner's to change, on its own screen (docs/decisions/043).
  const live = LIVE.includes(ticket.ticketStatus) && untouched && ticket.channel !== 'partner';
  const percent = refundPercent(policy, hoursLeft);
  const refundCents = (toCents(ticket.totalAmount) * BigInt(percent) + 50n) / 100n;
  const operatorCancelled = rebooksFree(ticket);
  const extraUnderReview = extraPaymentWaits(ticket);
  return {
    leaveAt,
    hoursLeft,
    policy,
    percent,
    refundCents,
    canCancel: live && upcoming,
    // A free rebooking after the operator's cancellation changes no price: it stays open.
    canRebook: (live && upcoming && !extraUnderReview) || (operatorCancelled && ticket.channel !== 'partner'),
    freeRebook: operatorCancelled,
    extraUnderReview,
    canRename:
      live &&
      !boardingClosed &&
      schedule.status === 'scheduled' &&
      ticket.travelDate >= dateInZone(now, timeZone),
  };
}
