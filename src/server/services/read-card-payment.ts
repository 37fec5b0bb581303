import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { cardPayments, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { manageLinkUrl } from '#server/lib/manage-links.ts';
import type { CardPaymentState, CardPaymentView } from '#shared/card-payments.ts';
import { MSG } from '#shared/messages/api.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { readPayLaterSettings } from './read-pay-later-settings.ts';

/** The return page's key opens its payment for this long: then it is 404 like any unknown id. */
export const PAYMENT_VIEW_DAYS = 7;

export type ReadCardPaymentOptions = { db: DbOrTx; localId: string; now: Date };

/**
 * GET /api/payments/:localId (docs/decisions/042): what the passenger's return page shows. The
 * id is our 128-bit key of one payment, given to the passenger's browser only; it opens the
 * e-ticket once paid, for PAYMENT_VIEW_DAYS. A later try of the same booking is answered as the
 * booking's newest payment, so a page left open follows the passenger's last try.
 */
export async function readCardPayment({
  db,
  localId,
  now,
}: ReadCardPaymentOptions): Promise<CardPaymentView> {
  const [asked] = await db
    .select({ ticketId: cardPayments.ticketId, createdAt: cardPayments.createdAt })
    .from(cardPayments)
    .where(eq(cardPayments.localId, localId));
  const opened = asked ? now.getTime() - asked.createdAt.getTime() : Number.POSITIVE_INFINITY;
  if (!asked || opened > PAYMENT_VIEW_DAYS * 86_400_000) {
    throw new AppError('payment_not_found', MSG.paymentNotFound, 404);
  }
  const [row] = await db
    .select({
      state: cardPayments.state,
      holdUntil: cardPayments.holdUntil,
      ticketId: tickets.id,
      reference: tickets.paymentReference,
      totalAmount: tickets.totalAmount,
      currency: tickets.currency,
      ticketStatus: tickets.ticketStatus,
      paymentDueAt: tickets.paymentDueAt,
      eticketToken: tickets.eticketToken,
    })
    .from(cardPayments)
    .innerJoin(tickets, eq(tickets.id, cardPayments.ticketId))
    .where(eq(cardPayments.ticketId, asked.ticketId))
    .orderBy(desc(cardPayments.createdAt))
    .limit(1);
  if (!row) throw new AppError('payment_not_found', MSG.paymentNotFound, 404);
  // A return's total is both journeys'.
  const journeys = await db
    .select({ amount: tickets.totalAmount })
    .from(tickets)
    .where(eq(tickets.paymentReference, row.reference));
  const total = journeys.reduce((sum, j) => sum + toCents(j.amount), 0n);
  const seatsHeld =
    row.ticketStatus === 'awaiting_card' && (row.paymentDueAt?.getTime() ?? 0) > now.getTime();
  const confirmed = row.ticketStatus === 'confirmed' || row.ticketStatus === 'completed';
  return {
    state: row.state as CardPaymentState,
    reference: row.reference,
    totalAmount: centsToMoney(total),
    currency: row.currency === 'MVR' ? 'MVR' : 'USD',
    holdUntil: (row.paymentDueAt ?? row.holdUntil).toISOString(),
    seatsHeld,
    transferOffered: seatsHeld && (await readPayLaterSettings({ db })).enabled,
    eTicketPath: confirmed && row.eticketToken ? `/t/${row.eticketToken}` : null,
    managePath: await manageLinkUrl({
      db,
      base: '',
      ticket: { id: row.ticketId, reference: row.reference },
      now,
    }),
  };
}
