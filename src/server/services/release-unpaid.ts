import { inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudits } from '#server/lib/audit.ts';
import { announceAll } from '#server/lib/live-events.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';

export type ReleaseUnpaidOptions = {
  /** The caller's transaction, in which the rows are locked. */
  db: Tx;
  /** Every journey of the booking: its id, its state before, and when its payment fell due. */
  rows: Array<{ id: string; ticketStatus: string; paymentDueAt: Date | null }>;
  now: Date;
  /** What the office reads on the booking. */
  remark: string;
  /** The audit's action: `release_unpaid` (a transfer), `release_unpaid_card`. */
  action: string;
};

/**
 * A booking whose payment did not come by its due time is released (docs/decisions/040, 042):
 * cancelled, payment failed, its seats freed and its e-ticket code superseded, each journey
 * audited with no actor and announced.
 */
export async function releaseUnpaid(opts: ReleaseUnpaidOptions): Promise<void> {
  const { db: tx, rows } = opts;
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return;
  const after = { ticketStatus: 'cancelled', paymentStatus: 'failed', remarks: opts.remark };
  await tx
    .update(tickets)
    .set({ ...after, updatedAt: opts.now, ...supersedeETicket })
    .where(inArray(tickets.id, ids));
  await tx.delete(ticketSeats).where(inArray(ticketSeats.ticketId, ids));
  await writeAudits({
    db: tx,
    entries: rows.map((r) => ({
      actorUserId: null,
      action: opts.action,
      entity: 'ticket',
      entityId: r.id,
      before: {
        ticketStatus: r.ticketStatus,
        paymentStatus: 'pending',
        paymentDueAt: r.paymentDueAt?.toISOString() ?? null,
      },
      after,
    })),
  });
  await announceAll({
    db: tx,
    events: ids.map((id) => ({ kind: 'ticket', data: { type: 'updated', ticketId: id } })),
  });
}
