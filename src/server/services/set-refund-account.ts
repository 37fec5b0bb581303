import { and, eq, inArray, or } from 'drizzle-orm';
import { refundRequests, tickets } from '#server/db/schema.ts';
import { notAllowed } from '#server/lib/manage-errors.ts';
import type { RefundAccount } from '#shared/manage-api.ts';
import type { ChangeContext, RecordedChange } from './run-change.ts';

/**
 * The account the open refunds carried before a new one replaced it, for the audit: its bank and
 * last four digits (never the whole number); null when none was given; each one when they differ.
 */
function previousAccount(rows: { bankName: string | null; accountNumber: string | null }[]) {
  const seen = new Map<string, { bankName: string; last4: string }>();
  for (const row of rows) {
    if (row.bankName === null || row.accountNumber === null) continue;
    const last4 = row.accountNumber.slice(-4);
    seen.set(`${row.bankName}\u0000${last4}`, { bankName: row.bankName, last4 });
  }
  const accounts = [...seen.values()];
  if (accounts.length === 0) return null;
  return accounts.length === 1 ? accounts[0] : { accounts };
}

export type SetRefundAccountOptions = ChangeContext & { account: RefundAccount };

/** The account the passenger's open refunds (of either journey of a return) are to be paid to. */
export async function setRefundAccount({
  tx,
  ticket,
  account,
}: SetRefundAccountOptions): Promise<RecordedChange> {
  // The booking's row and, on a return, its way back's (docs/decisions/037-return-trips.md).
  const rows = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(or(eq(tickets.id, ticket.id), eq(tickets.outboundId, ticket.id)));
  const open = and(inArray(refundRequests.ticketId, rows), eq(refundRequests.status, 'requested'));
  const given = await tx
    .select({ bankName: refundRequests.bankName, accountNumber: refundRequests.accountNumber })
    .from(refundRequests)
    .where(open);
  const updated = await tx
    .update(refundRequests)
    .set(account)
    .where(open)
    .returning({ id: refundRequests.id });
  if (updated.length === 0) throw notAllowed('This booking has no refund waiting.');
  return {
    before: previousAccount(given),
    after: {
      refunds: updated.map((r) => r.id),
      bankName: account.bankName,
      last4: account.accountNumber.slice(-4),
    },
    mail: { kind: 'refund_account', bank: account.bankName, last4: account.accountNumber.slice(-4) },
  };
}
