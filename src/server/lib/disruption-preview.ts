import { and, eq, inArray } from 'drizzle-orm';
import type { schedules } from '#server/db/schema.ts';
import { tickets } from '#server/db/schema.ts';
import { partySize } from '#server/lib/persons.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { ACTIVE_STATES } from '#shared/constants.ts';
import type { CancelPreview, CancelReason } from '#shared/disruptions.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { hhmm } from './clock.ts';

/** The bookings a disruption reaches: those still to travel (pending, awaiting their card payment, confirmed). */

/** The bookings of a departure a disruption reaches. */
export const activeOn = (scheduleId: string) =>
  and(eq(tickets.scheduleId, scheduleId), inArray(tickets.ticketStatus, [...ACTIVE_STATES]));

/** A booking a disruption reaches, as its preview and the office's call list show it. */
export const affectedPassenger = (t: AdminTicket): CancelPreview['passengers'][number] => ({
  ticketId: t.id,
  reference: t.reference,
  name: t.passengerName,
  status: t.ticketStatus,
  channel: t.channel,
  persons: partySize(t),
  email: t.passengerEmail.trim() || null,
  phone: t.passengerPhone,
  totalAmount: t.totalAmount,
  currency: t.currency,
  paid: t.paymentStatus === 'completed',
});

/** What a cancel reaches: the passengers, the mails, the call list, the refunds by currency. */
export function previewOf(
  schedule: typeof schedules.$inferSelect,
  affected: AdminTicket[],
  messages: CancelPreview['messages'] = [],
): CancelPreview {
  const passengers = affected.map(affectedPassenger);
  const sums = new Map<string, { count: number; cents: bigint }>();
  for (const p of passengers) {
    const sum = sums.get(p.currency) ?? { count: 0, cents: 0n };
    sums.set(p.currency, { count: sum.count + 1, cents: sum.cents + toCents(p.totalAmount) });
  }
  return {
    scheduleId: schedule.id,
    travelDate: schedule.travelDate,
    departureTime: hhmm(schedule.departureTime) ?? '',
    passengers,
    mails: passengers.filter((p) => p.email).length,
    callList: passengers.filter((p) => !p.email),
    refunds: [...sums].map(([currency, s]) => ({ currency, count: s.count, amount: centsToMoney(s.cents) })),
    messages,
  };
}

/** The notices a cancel sends its passengers: also the preview's sample messages. */
export const cancelNotices = (affected: AdminTicket[], reason: CancelReason, note: string | null) =>
  affected.map((ticket) => ({ kind: 'departure_cancelled' as const, ticket, reason, note }));
