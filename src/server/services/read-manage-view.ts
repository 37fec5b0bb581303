import { asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { refundRequests, tickets } from '#server/db/schema.ts';
import { awaitsTransfer } from '#server/lib/awaiting-transfer.ts';
import { manageLinkInvalid } from '#server/lib/manage-errors.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import type { ManageRefund, ManageView, RefundReason } from '#shared/manage-api.ts';
import { centsToMoney } from '#shared/money.ts';
import { readBookingView } from './read-booking-view.ts';
import { signedCode } from './read-e-ticket.ts';
import { rulesOf } from './rules-of.ts';

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.trim().split('@');
  if (!name || !domain) return '';
  return `${Array.from(name)[0] ?? ''}***@${domain}`;
}

/** The refunds of the booking: of its row and, on a return, of its way back's (decision 037). */
async function refundsOf(db: DbOrTx, ticketIds: string[]): Promise<ManageRefund[]> {
  const rows = await db
    .select()
    .from(refundRequests)
    .where(inArray(refundRequests.ticketId, ticketIds))
    .orderBy(asc(refundRequests.createdAt));
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason as RefundReason,
    amount: r.amount,
    currency: r.currency,
    status: r.status === 'refunded' ? 'refunded' : 'requested',
    paymentVerified: r.paymentVerified,
    account:
      r.accountNumber && r.accountName && r.bankName
        ? { bankName: r.bankName, accountName: r.accountName, last4: r.accountNumber.slice(-4) }
        : null,
  }));
}

export type ReadManageViewOptions = {
  db: DbOrTx;
  ticketId: string;
  signer: TicketSigner;
  now: Date;
  timeZone: string;
};

/** The manage page's view of one booking (docs/decisions/027). */
export async function readManageView(opts: ReadManageViewOptions): Promise<ManageView> {
  const { db } = opts;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, opts.ticketId)).limit(1);
  const found = await readBookingView({ db, where: eq(tickets.id, opts.ticketId) });
  if (!ticket || !found) throw manageLinkInvalid();
  const rules = await rulesOf({ db, ticket, now: opts.now, timeZone: opts.timeZone });
  // Each journey's own rules (a return's way back is the row whose outbound is this one).
  const rows = await db
    .select()
    .from(tickets)
    .where(or(eq(tickets.id, ticket.id), eq(tickets.outboundId, ticket.id)))
    .orderBy(asc(tickets.journey));
  const journeyChanges = [];
  for (const row of rows) {
    const own =
      row.id === ticket.id
        ? rules
        : await rulesOf({ db, ticket: row, now: opts.now, timeZone: opts.timeZone });
    journeyChanges.push({
      journey: row.journey,
      cancel: {
        allowed: own.canCancel,
        free: false,
        percent: own.percent,
        amount: centsToMoney(own.refundCents),
      },
      rebook: { allowed: own.canRebook, free: own.freeRebook },
    });
  }
  return {
    ...found.view,
    code: signedCode(found, opts.signer),
    eTicketPath:
      ticket.eticketToken && ticket.ticketStatus === 'confirmed' ? `/t/${ticket.eticketToken}` : null,
    emailMasked: maskEmail(ticket.passengerEmail),
    originId: ticket.userOriginId,
    destinationId: ticket.userDestinationId,
    refundPolicy: rules.policy,
    cancel: {
      allowed: rules.canCancel,
      free: false,
      percent: rules.percent,
      amount: centsToMoney(rules.refundCents),
    },
    rebook: { allowed: rules.canRebook, free: rules.freeRebook },
    nameChangeAllowed: rules.canRename,
    slipAllowed: awaitsTransfer(ticket),
    extraAmount: ticket.ticketStatus === 'pending' ? ticket.extraAmount : null,
    refunds: await refundsOf(
      db,
      rows.map((r) => r.id),
    ),
    journeyChanges,
  };
}
