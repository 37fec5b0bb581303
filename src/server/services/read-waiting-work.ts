import { sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { centsToMoney, toCents } from '#shared/money.ts';

export type ReadWaitingWorkOptions = { db: DbOrTx };

export type WaitingWork = {
  /** Pending bookings with a payment slip (or a rebooking's second slip) for the office to check. */
  slipsToCheck: number;
  /** Refund requests not yet paid back, and their amounts per currency. */
  refundsWaiting: number;
  refundAmounts: { currency: string; amount: string }[];
  /** Bank statement lines matched to no booking, and those whose suggested booking waits for a person. */
  unmatchedLines: number;
  suggestedLines: number;
};

/** What waits for the office today, as the daily summary e-mail tells the Owners. */
export async function readWaitingWork({ db }: ReadWaitingWorkOptions): Promise<WaitingWork> {
  const [slips, refunds, lines] = await readTogether(db, [
    () =>
      db.execute(sql`
        SELECT count(*)::int AS n FROM tickets t
         WHERE t.ticket_status = 'pending' AND t.journey = 1
           AND (t.payment_slip_key IS NOT NULL OR t.extra_slip_key IS NOT NULL)`),
    () =>
      db.execute(sql`
        SELECT currency, count(*)::int AS n, sum(amount)::text AS amount
          FROM refund_requests WHERE status = 'requested'
         GROUP BY currency ORDER BY currency`),
    () =>
      db.execute(sql`
        SELECT count(*) FILTER (WHERE status = 'unmatched')::int AS unmatched,
               count(*) FILTER (WHERE status = 'suggested')::int AS suggested
          FROM statement_lines WHERE status IN ('unmatched', 'suggested')`),
  ]);
  const refundRows = (refunds as unknown as { rows: { currency: string; n: number; amount: string }[] }).rows;
  const slipRow = (slips as unknown as { rows: { n: number }[] }).rows[0];
  const lineRow = (lines as unknown as { rows: { unmatched: number; suggested: number }[] }).rows[0];
  return {
    slipsToCheck: Number(slipRow?.n ?? 0),
    refundsWaiting: refundRows.reduce((n, r) => n + Number(r.n), 0),
    refundAmounts: refundRows.map((r) => ({ currency: r.currency, amount: centsToMoney(toCents(r.amount)) })),
    unmatchedLines: Number(lineRow?.unmatched ?? 0),
    suggestedLines: Number(lineRow?.suggested ?? 0),
  };
}
