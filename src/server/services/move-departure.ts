import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { type Db, type DbOrTx, readTogether, type Tx } from '#server/db/client.ts';
import {
  disruptions,
  launches,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
  seatLocks,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, hhmm, instantInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason, MovePlan } from '#shared/disruptions.ts';
import { MSG } from '#shared/messages.ts';
import { affectedPassenger, cancelBookings } from './cancel-departure.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { type DisruptionNotice, type Notifier, notifyPassenger } from './notify-passengers.ts';
import { chooseSeats } from './reseat.ts';
import { revokeCodes } from './revoke-codes.ts';
import { sampleNotices } from './sample-notices.ts';

type Schedule = typeof schedules.$inferSelect;
type Stop = { locationId: string; departureTime: string | null };
type Vessel = { id: string; name: string; labels: string[]; free: Set<string> };
type Placed = { ticket: AdminTicket; vessel: Vessel; seats: string[]; together: boolean };
type Refused = { ticket: AdminTicket; why: string };

const ACTIVE = ['pending', 'confirmed'];
const refused = (message: string) => new AppError('move_refused', message, 409);

async function stopsOf(db: DbOrTx, scheduleId: string): Promise<Stop[]> {
  return db
    .select({ locationId: scheduleRouteStops.locationId, departureTime: scheduleRouteStops.departureTime })
    .from(scheduleRouteStops)
    .where(eq(scheduleRouteStops.scheduleId, scheduleId))
    .orderBy(asc(scheduleRouteStops.stopOrder));
}

/**
 * The target's bookable vessels with their free seats: a seat is taken by a ticket or by another
 * session's live hold (a passenger mid-booking keeps the seat they are holding).
 */
async function vesselsOf(db: DbOrTx, target: Schedule, now: Date): Promise<Vessel[]> {
  const rows = await db
    .select({ id: launches.id, name: launches.name, labels: launches.seatNumbers })
    .from(scheduleLaunches)
    .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
    .where(and(eq(scheduleLaunches.scheduleId, target.id), eq(launches.status, 'active')))
    .orderBy(asc(scheduleLaunches.position), asc(launches.name));
  const [held, locked] = await readTogether(db, [
    () =>
      db
        .select({ launchId: ticketSeats.launchId, seat: ticketSeats.seatNumber })
        .from(ticketSeats)
        .where(and(eq(ticketSeats.scheduleId, target.id), eq(ticketSeats.travelDate, target.travelDate))),
    () =>
      db
        .select({ launchId: seatLocks.launchId, seat: seatLocks.seatNumber })
        .from(seatLocks)
        .where(
          and(
            eq(seatLocks.scheduleId, target.id),
            eq(seatLocks.travelDate, target.travelDate),
            gt(seatLocks.lockedUntil, now),
          ),
        ),
  ]);
  const taken = new Set([...held, ...locked].map((r) => `${r.launchId}|${r.seat}`));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    labels: r.labels,
    free: new Set(r.labels.filter((label) => !taken.has(`${r.id}|${label}`))),
  }));
}

/** Where a booking sat on its old vessel, as a position in that vessel's seat order. */
async function seatOrders(db: DbOrTx, bookings: AdminTicket[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(bookings.map((t) => t.launch?.id).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: launches.id, labels: launches.seatNumbers })
    .from(launches)
    .where(inArray(launches.id, ids));
  return new Map(rows.map((r) => [r.id, r.labels]));
}

/**
 * Seats every booking on the target, larger parties first: their From stop must come before
 * their To stop there, and their party must fit on one vessel (together where a block is free).
 * What cannot be carried over is listed with why, never dropped.
 */
function plan(
  bookings: AdminTicket[],
  target: { stops: Stop[]; vessels: Vessel[] },
  orders: Map<string, string[]>,
): { placed: Placed[]; refused: Refused[] } {
  const placed: Placed[] = [];
  const refusedList: Refused[] = [];
  const order = [...bookings].sort(
    (a, b) => b.seatNumbers.length - a.seatNumbers.length || a.createdAt.localeCompare(b.createdAt),
  );
  const position = (id: string | undefined, fallback: number) => {
    const i = target.stops.findIndex((s) => s.locationId === id);
    return id === undefined ? fallback : i;
  };
  for (const ticket of order) {
    const from = position(ticket.from?.id, 0);
    const to = position(ticket.to?.id, target.stops.length - 1);
    if (from < 0 || to <= from) {
      refusedList.push({ ticket, why: 'The new departure does not call at this booking’s stops in order' });
      continue;
    }
    const old = orders.get(ticket.launch?.id ?? '') ?? [];
    const near = Math.max(0, old.indexOf(ticket.seatNumbers[0] ?? ''));
    let best: Placed | null = null;
    for (const vessel of target.vessels) {
      const choice = chooseSeats({
        labels: vessel.labels,
        free: vessel.free,
        seats: ticket.seatNumbers,
        near,
      });
      if (choice && (!best || (choice.together && !best.together))) best = { ticket, vessel, ...choice };
      if (best?.together) break;
    }
    if (!best) {
      refusedList.push({ ticket, why: 'No room for this party on the new departure' });
      continue;
    }
    for (const seat of best.seats) best.vessel.free.delete(seat);
    placed.push(best);
  }
  return { placed, refused: refusedList };
}

async function readPair(
  db: DbOrTx,
  fromId: string,
  toId: string,
  opts: { lock: boolean; now: Date; timeZone: string },
) {
  if (fromId === toId) throw refused('Choose another departure to move to');
  // Both rows, locked in one order, so two moves between the same departures cannot deadlock.
  const query = db
    .select()
    .from(schedules)
    .where(inArray(schedules.id, [fromId, toId]))
    .orderBy(asc(schedules.id));
  const rows = opts.lock ? await query.for('update') : await query;
  const source = rows.find((r) => r.id === fromId);
  const target = rows.find((r) => r.id === toId);
  if (!source || source.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
  if (!target || target.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
  if (source.status !== 'scheduled') throw refused('Only a departure still to sail can be moved');
  if (target.status !== 'scheduled') throw refused('The departure to move to is not open');
  // Forward only: passengers moved onto a vessel that has left would be stranded on paper.
  if (instantInZone(target.travelDate, target.departureTime, opts.timeZone) <= opts.now) {
    throw refused('The departure to move to has already sailed');
  }
  return { source, target };
}

function planView(
  source: Schedule,
  target: Schedule,
  result: { placed: Placed[]; refused: Refused[] },
  messages: MovePlan['messages'] = [],
): MovePlan {
  const everyone = [...result.placed.map((p) => p.ticket), ...result.refused.map((r) => r.ticket)];
  return {
    scheduleId: source.id,
    to: {
      scheduleId: target.id,
      travelDate: target.travelDate,
      departureTime: hhmm(target.departureTime) ?? '',
    },
    moves: result.placed.map((p) => ({
      ticketId: p.ticket.id,
      reference: p.ticket.reference,
      name: p.ticket.passengerName,
      persons: p.ticket.adultCount + p.ticket.childCount,
      fromSeats: p.ticket.seatNumbers,
      toSeats: p.seats,
      launch: p.vessel.name,
      together: p.together,
    })),
    cannotMove: result.refused.map((r) => ({
      ticketId: r.ticket.id,
      reference: r.ticket.reference,
      name: r.ticket.passengerName,
      why: r.why,
      email: r.ticket.passengerEmail.trim() || null,
      phone: r.ticket.passengerPhone,
    })),
    mails: everyone.filter((t) => t.passengerEmail.trim()).length,
    callList: everyone.filter((t) => !t.passengerEmail.trim()).map(affectedPassenger),
    messages,
  };
}

/** What the notices of a move say: the moved bookings as they will be, and those cancelled. */
function moveNotices(
  moved: AdminTicket[],
  lost: AdminTicket[],
  why: { reason: CancelReason; note: string | null },
): DisruptionNotice[] {
  return [
    ...moved.map((ticket) => ({ kind: 'departure_moved' as const, ticket, ...why })),
    ...lost.map((ticket) => ({ kind: 'departure_cancelled' as const, ticket, ...why })),
  ];
}

/** A booking as the move will leave it: on the target, its new vessel, seats and time. */
const asMoved = (p: Placed, target: Schedule, stops: Stop[]): AdminTicket => ({
  ...p.ticket,
  scheduleId: target.id,
  travelDate: target.travelDate,
  launch: { id: p.vessel.id, name: p.vessel.name },
  seatNumbers: p.seats,
  passengerDepartureTime: hhmm(
    stops.find((s) => s.locationId === p.ticket.from?.id)?.departureTime ?? target.departureTime,
  ),
});

async function planFor(db: DbOrTx, source: Schedule, target: Schedule, now: Date) {
  const bookings = await listTicketsWhere({
    db,
    where: and(eq(tickets.scheduleId, source.id), inArray(tickets.ticketStatus, ACTIVE)),
  });
  const [stops, vessels, orders] = await readTogether(db, [
    () => stopsOf(db, target.id),
    () => vesselsOf(db, target, now),
    () => seatOrders(db, bookings),
  ]);
  return { stops, result: plan(bookings, { stops, vessels }, orders) };
}

export type PreviewMoveOptions = {
  db: DbOrTx;
  clock: Clock;
  timeZone: string;
  scheduleId: string;
  to: string;
  reason?: CancelReason | undefined;
  note?: string | undefined;
};

/**
 * What moving the departure's bookings to `to` would do, and (once a reason is given) the
 * messages of each language as the move would write them; nothing is written.
 */
export async function previewMove(opts: PreviewMoveOptions) {
  const now = opts.clock.now();
  const { source, target } = await readPair(opts.db, opts.scheduleId, opts.to, {
    lock: false,
    now,
    timeZone: opts.timeZone,
  });
  const { stops, result } = await planFor(opts.db, source, target, now);
  const messages = opts.reason
    ? await sampleNotices(
        opts.db,
        moveNotices(
          result.placed.map((p) => asMoved(p, target, stops)),
          result.refused.map((r) => r.ticket),
          { reason: opts.reason, note: opts.note?.trim() || null },
        ),
      )
    : [];
  return planView(source, target, result, messages);
}

/** Takes a party's new seats; false when a concurrent booking took one first (nothing kept). */
async function takeNewSeats(tx: Tx, p: Placed, target: Schedule): Promise<boolean> {
  const inserted = await tx
    .insert(ticketSeats)
    .values(
      p.seats.map((seatNumber) => ({
        ticketId: p.ticket.id,
        scheduleId: target.id,
        travelDate: target.travelDate,
        launchId: p.vessel.id,
        seatNumber,
      })),
    )
    .onConflictDoNothing()
    .returning({ seat: ticketSeats.seatNumber });
  if (inserted.length === p.seats.length) return true;
  await tx
    .delete(ticketSeats)
    .where(and(eq(ticketSeats.ticketId, p.ticket.id), eq(ticketSeats.scheduleId, target.id)));
  return false;
}

export type MoveDepartureOptions = {
  db: Db;
  clock: Clock;
  timeZone: string;
  scheduleId: string;
  to: string;
  reason: CancelReason;
  note?: string | undefined;
  actorUserId: string;
  notifiers?: readonly Notifier[];
};

/**
 * Moves every booking of a departure to another (docs/decisions/026), in one transaction: each
 * party gets seats on the new vessel (the same labels where free, else the nearest block side by
 * side) under the same unique index as any booking, so a booking made meanwhile can never share
 * a seat: a seat lost to one is chosen again. A booking that cannot be carried over takes the
 * cancel path (full refund) and is listed. Codes are re-signed, passengers told, and the old
 * departure is offered no more.
 */
export async function moveDeparture(opts: MoveDepartureOptions): Promise<MovePlan> {
  const note = opts.note?.trim() || null;
  return opts.db.transaction(async (tx) => {
    const now = opts.clock.now();
    const { source, target } = await readPair(tx, opts.scheduleId, opts.to, {
      lock: true,
      now,
      timeZone: opts.timeZone,
    });
    const { stops, result } = await planFor(tx, source, target, now);
    const timeAt = (locationId: string | undefined) =>
      stops.find((s) => s.locationId === locationId)?.departureTime ?? target.departureTime;

    const moved: Placed[] = [];
    const lost: Refused[] = [...result.refused];
    for (const first of result.placed) {
      let p: Placed | null = first;
      await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, p.ticket.id));
      // A seat taken by a booking committed meanwhile: look again at what is free, up to 3 times.
      for (let attempt = 0; p && !(await takeNewSeats(tx, p, target)); attempt++) {
        if (attempt === 2) {
          p = null;
          break;
        }
        const fresh = await vesselsOf(tx, target, now);
        const orders = await seatOrders(tx, [first.ticket]);
        const again = plan([first.ticket], { stops, vessels: fresh }, orders);
        p = again.placed[0] ?? null;
      }
      if (!p) {
        lost.push({ ticket: first.ticket, why: 'No room for this party on the new departure' });
        continue;
      }
      await revokeCodes(tx, { ticketIds: [p.ticket.id], reason: 'moved', now });
      await tx
        .update(tickets)
        .set({
          scheduleId: target.id,
          travelDate: target.travelDate,
          launchId: p.vessel.id,
          seatNumbers: p.seats,
          passengerDepartureTime: timeAt(p.ticket.from?.id),
          // A reminder sent for the old date says nothing of the new one: it goes again the day
          // before the new date (as after a rebooking).
          ...(target.travelDate !== source.travelDate ? { reminderSentAt: null } : {}),
          updatedAt: now,
          ...supersedeETicket,
        })
        .where(eq(tickets.id, p.ticket.id));
      moved.push(p);
    }

    const view = planView(source, target, { placed: moved, refused: lost });
    const [disruption] = await tx
      .insert(disruptions)
      .values({
        scheduleId: source.id,
        kind: 'move',
        reason: opts.reason,
        note,
        actorUserId: opts.actorUserId,
        affected: moved.length + lost.length,
        details: { to: view.to, moved: view.moves.map((m) => m.reference), cancelled: view.cannotMove },
        createdAt: now,
      })
      .returning({ id: disruptions.id });
    await cancelBookings(tx, {
      affected: lost.map((l) => l.ticket),
      disruptionId: disruption?.id ?? null,
      reason: opts.reason,
      note,
      now,
      notifiers: opts.notifiers,
    });
    // The old departure is replaced: no longer sold, its holds gone.
    await tx.update(schedules).set({ status: 'cancelled' }).where(eq(schedules.id, source.id));
    await tx.delete(seatLocks).where(eq(seatLocks.scheduleId, source.id));

    const updated =
      moved.length === 0
        ? []
        : await listTicketsWhere({
            db: tx,
            where: inArray(
              tickets.id,
              moved.map((m) => m.ticket.id),
            ),
          });
    for (const ticket of updated) {
      await notifyPassenger(
        tx,
        { kind: 'departure_moved', ticket, reason: opts.reason, note },
        opts.notifiers,
      );
    }
    // What went out, in the plan's order (the preview's): its messages are the answer's.
    const sent = moveNotices(
      moved.flatMap((m) => updated.filter((u) => u.id === m.ticket.id)),
      lost.map((l) => l.ticket),
      { reason: opts.reason, note },
    );
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'departure_move',
      entity: 'schedule',
      entityId: source.id,
      before: { status: source.status },
      after: {
        status: 'cancelled',
        movedTo: target.id,
        reason: opts.reason,
        note,
        moved: view.moves.length,
        cannotMove: view.cannotMove.map((c) => c.reference),
      },
    });
    for (const id of [source.id, target.id]) {
      await announce(tx, { kind: 'schedule', data: { type: 'updated', scheduleId: id } });
    }
    for (const t of [...moved.map((m) => m.ticket), ...lost.map((l) => l.ticket)]) {
      await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: t.id } });
    }
    return { ...view, messages: await sampleNotices(tx, sent) };
  });
}
