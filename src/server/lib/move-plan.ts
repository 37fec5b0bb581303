import type { schedules } from '#server/db/schema.ts';
import { partySize } from '#server/lib/persons.ts';
import type { DisruptionNotice } from '#server/mails/notice-mail.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason, MovePlan } from '#shared/disruptions.ts';
import { hhmm } from './clock.ts';
import { affectedPassenger } from './disruption-preview.ts';
import { overlaps, type Stretch } from './stretch.ts';

// Moving a departure's bookings to another (docs/decisions/026): what the plan is made of, and
// how the preview, the answer and the notices tell it.

export type Schedule = typeof schedules.$inferSelect;
export type Stop = { locationId: string; departureTime: string | null };
/**
 * A vessel of the target as the plan sees it: its seats in order and, per seat, the stretches it
 * is already taken for (by a ticket, a live hold, or a booking the plan has placed). Seats are
 * sold per leg (docs/decisions/032), so whether a seat is free depends on the stretch asked.
 */
export type Vessel = { id: string; name: string; labels: string[]; taken: Map<string, Stretch[]> };
/** A booking seated on the target: its vessel, its seats there, and the legs it takes them for. */
export type Placed = {
  ticket: AdminTicket;
  vessel: Vessel;
  seats: string[];
  together: boolean;
  stretch: Stretch;
};
export type Refused = { ticket: AdminTicket; why: string };

/** The vessel's seats that no taken stretch shares a leg with `stretch`. */
export function freeFor(vessel: Vessel, stretch: Stretch): Set<string> {
  return new Set(
    vessel.labels.filter((label) => !(vessel.taken.get(label) ?? []).some((s) => overlaps(s, stretch))),
  );
}

/** Takes `seats` of the vessel for the legs of `stretch` only: another stretch may still have them. */
export function takeFor(vessel: Vessel, seats: readonly string[], stretch: Stretch): void {
  for (const seat of seats) vessel.taken.set(seat, [...(vessel.taken.get(seat) ?? []), stretch]);
}

/** The plan as the office reads it: the moves, the bookings that cannot move, the call list. */
export function planView(
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
      persons: partySize(p.ticket),
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

export /** What the notices of a move say: the moved bookings as they will be, and those cancelled. */
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

export /** A booking as the move will leave it: on the target, its new vessel, seats and time. */
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
