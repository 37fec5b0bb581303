import { sql } from 'drizzle-orm';

/*
 * A booking sent to pay later (docs/decisions/040-pay-later.md): its first journey still pending,
 * its payment pending with no slip, and a time its payment falls due. A slip added from the manage
 * page or a payment a statement line verified clears that time.
 */

type TicketState = {
  journey: number;
  ticketStatus: string;
  paymentStatus: string;
  paymentSlipKey: string | null;
  paymentDueAt: Date | null;
  voidedAt: Date | null;
};

/** Whether the booking still waits for its transfer: the manage page may then add its slip. */
export const awaitsTransfer = (t: TicketState): boolean =>
  t.ticketStatus === 'pending' &&
  t.paymentStatus === 'pending' &&
  t.paymentSlipKey === null &&
  t.paymentDueAt !== null &&
  t.voidedAt === null;

/** The same on a ticket row `t`, in SQL. */
export const isAwaitingTransfer = sql`t.ticket_status = 'pending' and t.payment_status = 'pending'
  and t.payment_slip_key is null and t.payment_due_at is not null and t.voided_at is null`;
