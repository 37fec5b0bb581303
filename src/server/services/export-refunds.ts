import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { refundRequests } from '#server/db/schema.ts';
import { dateInZone, timeInZone } from '#server/lib/clock.ts';
import { csvText } from '#server/lib/csv.ts';
import { REFUND_REASON_LABELS } from '#shared/disruptions.ts';
import { selectRefunds } from './select-refunds.ts';

const COLUMNS = [
  'Reference',
  'Passenger',
  'Email',
  'Phone',
  'Reason',
  'Amount',
  'Currency',
  'Payment verified',
  'Bank',
  'Account name',
  'Account number',
  'Requested at',
  'Refunded at',
  'Bank reference',
] as const;

/** An instant as the operator reads it: YYYY-MM-DD HH:MM in the operator's zone. */
function localTime(iso: string | null, tz: string): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  return `${dateInZone(at, tz)} ${timeInZone(at, tz)}`;
}

export type ExportRefundsOptions = {
  db: DbOrTx;
  status: 'requested' | 'refunded';
  tz: string;
  now: Date;
};

/**
 * The refunds queue in one state as a CSV file for the bank run (docs/decisions/026), named by
 * the operator's date. Every cell goes through csvCell, which neutralises = + - @ (a passenger's
 * name or account cannot run as a spreadsheet formula).
 */
export async function exportRefunds(opts: ExportRefundsOptions): Promise<{ filename: string; csv: string }> {
  // The whole state, not a page: the bank run pays every request in it.
  const refunds = await selectRefunds({ db: opts.db, where: eq(refundRequests.status, opts.status) });
  const csv = csvText(
    COLUMNS,
    refunds.map((r) => [
      r.reference,
      r.passengerName,
      r.email,
      r.phone,
      REFUND_REASON_LABELS[r.reason],
      r.amount,
      r.currency,
      r.paymentVerified ? 'Yes' : 'No',
      r.bankName,
      r.accountName,
      r.accountNumber,
      localTime(r.createdAt, opts.tz),
      localTime(r.refundedAt, opts.tz),
      r.bankReference,
    ]),
  );
  return { filename: `refunds-${opts.status}-${dateInZone(opts.now, opts.tz)}.csv`, csv };
}
