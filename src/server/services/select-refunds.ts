import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { cardPayments, refundRequests, tickets } from '#server/db/schema.ts';
import { hhmm } from '#server/lib/clock.ts';
import type { Refund } from '#shared/disruptions.ts';
import type { RefundReason } from '#shared/manage-api.ts';

type Row = {
  request: typeof refundRequests.$inferSelect;
  ticket: typeof tickets.$inferSelect;
  card: { provider: string | null; transactionId: string | null };
};

function refundOf({ request, ticket, card }: Row): Refund {
  return {
    id: request.id,
    ticketId: ticket.id,
    reference: ticket.paymentReference,
    passengerName: ticket.passengerName,
    email: ticket.passengerEmail.trim() || null,
    phone: ticket.passengerPhone,
    amount: request.amount,
    currency: request.currency,
    // Only REFUND_REASONS are written (cancel-departure and the manage page's services).
    reason: request.reason as RefundReason,
    percent: request.percent,
    paymentVerified: request.paymentVerified,
    hasSlip: Boolean(ticket.paymentSlipKey),
    hasExtraSlip: Boolean(ticket.extraSlipKey),
    bankName: request.bankName,
    accountName: request.accountName,
    accountNumber: request.accountNumber,
    bankReference: request.bankReference,
    card: card.provider ? { provider: card.provider, transactionId: card.transactionId } : null,
    gatewayError: request.gatewayError,
    status: request.status as Refund['status'],
    createdAt: request.createdAt.toISOString(),
    refundedAt: request.refundedAt?.toISOString() ?? null,
    travelDate: ticket.travelDate,
    departureTime: hhmm(ticket.passengerDepartureTime),
  };
}

/** The queue's order: the oldest request first; the booking's reference and the id settle a tie. */
export const REFUND_ORDER = [
  asc(refundRequests.createdAt),
  asc(tickets.paymentReference),
  asc(refundRequests.id),
];

export type SelectRefundsOptions = { db: DbOrTx; where: SQL | undefined };

/** Refund requests matching `where`, as the queue shows them, oldest first. */
export async function selectRefunds({ db, where }: SelectRefundsOptions): Promise<Refund[]> {
  // The booking's card payment that went through, if it was paid by card online (docs/decisions/042).
  const paidCard = (column: 'provider' | 'transaction_id') =>
    sql<string | null>`(select cp.${sql.raw(column)} from ${cardPayments} cp
      join ${tickets} first on first.id = cp.ticket_id
      where first.payment_reference = ${tickets.paymentReference}
        and cp.state in ('paid', 'paid_no_seat', 'refunded')
      order by cp.created_at desc limit 1)`;
  const rows = await db
    .select({
      request: refundRequests,
      ticket: tickets,
      card: { provider: paidCard('provider'), transactionId: paidCard('transaction_id') },
    })
    .from(refundRequests)
    .innerJoin(tickets, eq(tickets.id, refundRequests.ticketId))
    .where(where)
    .orderBy(...REFUND_ORDER);
  return rows.map(refundOf);
}
