import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { extraUnderReview, manageLinkInvalid, secondExtraPayment } from '#server/lib/manage-errors.ts';
import type { ManageRebookQuote } from '#shared/manage-api.ts';
import { centsToMoney } from '#shared/money.ts';
import { priceRebooking } from './price-rebooking.ts';
import { extraPaymentWaits, rebooksFree } from './rules-of.ts';

export type QuoteRebookOptions = {
  db: DbOrTx;
  ticketId: string;
  /** 2: the way back of a return (docs/decisions/037); the booking's own row otherwise. */
  journey?: number | undefined;
};

/**
 * What moving the booking to another departure would cost (free after the operator cancelled
 * its departure), asked before seats are chosen.
 */
export async function quoteRebook({ db, ticketId, journey }: QuoteRebookOptions): Promise<ManageRebookQuote> {
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(journey === 2 ? eq(tickets.outboundId, ticketId) : eq(tickets.id, ticketId))
    .limit(1);
  if (!ticket) throw manageLinkInvalid();
  const free = rebooksFree(ticket);
  if (!free && extraPaymentWaits(ticket)) throw extraUnderReview();
  const priced = await priceRebooking({ db, ticket, free });
  // Refused before seats are chosen, as the change itself would be.
  if (priced.differenceCents > 0n && ticket.extraAmount !== null) throw secondExtraPayment();
  return {
    totalAmount: priced.totalAmount,
    difference: centsToMoney(priced.differenceCents),
    currency: ticket.currency,
    needsSlip: priced.differenceCents > 0n,
  };
}
