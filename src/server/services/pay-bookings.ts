import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { statementPayments, tickets } from '#server/db/schema.ts';
import { writeAudits } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { toCents } from '#shared/money.ts';
import type { StatementSettings } from '#shared/statements.ts';
import { approveBookings } from './approve-bookings.ts';

/** One line's payment of one booking (its journey-1 row). */
export type LinePayment = { lineId: string; statementId: string; ticketId: string; amount: string };

export type PayBookingsOptions = {
  /** The caller's transaction. */
  db: DbOrTx;
  clock: Clock;
  /** Who ran the import, or who confirmed or assigned the line. */
  actorUserId: string | null;
  payments: LinePayment[];
  settings: StatementSettings;
  /** A person confirmed the payment: the booking is paid whatever the amount. */
  settled?: boolean;
};

const CHUNK = 1000;

/** The fee tolerance of a currency, in cents. */
export const toleranceCents = (settings: StatementSettings, currency: string): bigint =>
  toCents(currency === 'USD' ? settings.feeToleranceUsd : settings.feeToleranceMvr);

/**
 * Statement lines pay bookings (docs/decisions/038), all at once: the payments recorded, and
 * every booking whose payments now reach its total less the fee tolerance has its payment
 * verified on each of its rows, audited with the line as evidence, and, when the operator's
 * setting says so, is approved as a person would (approve-bookings.ts). Returns the bookings paid.
 */
export async function payBookings(opts: PayBookingsOptions): Promise<string[]> {
  const { db } = opts;
  if (opts.payments.length === 0) return [];
  const now = opts.clock.now();
  for (let i = 0; i < opts.payments.length; i += CHUNK) {
    await db
      .insert(statementPayments)
      .values(
        opts.payments.slice(i, i + CHUNK).map((p) => ({
          lineId: p.lineId,
          ticketId: p.ticketId,
          amount: p.amount,
          createdBy: opts.actorUserId,
          createdAt: now,
        })),
      )
      // A line split by hand twice onto one booking: one payment of the sum.
      .onConflictDoUpdate({
        target: [statementPayments.lineId, statementPayments.ticketId],
        set: { amount: sql`${statementPayments.amount} + excluded.amount` },
      });
  }
  const ticketIds = [...new Set(opts.payments.map((p) => p.ticketId))];
  const state = (
    (await db.execute(sql`
      select t.id, t.payment_reference as reference, t.currency, t.payment_status as "paymentStatus",
        (select sum(r.total_amount) from ${tickets} r where r.payment_reference = t.payment_reference)::text as total,
        (select coalesce(sum(p.amount), 0) from ${statementPayments} p where p.ticket_id = t.id)::text as paid
      from ${tickets} t
      where t.id in (${sql.join(
        ticketIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`)) as unknown as {
      rows: {
        id: string;
        reference: string;
        currency: string;
        paymentStatus: string;
        total: string;
        paid: string;
      }[];
    }
  ).rows;
  const paid = state.filter(
    (s) =>
      s.paymentStatus === 'pending' &&
      (opts.settled || toCents(s.paid) >= toCents(s.total) - toleranceCents(opts.settings, s.currency)),
  );
  if (paid.length === 0) return [];
  // The line that completed each booking's payment is its evidence.
  const evidenceOf = new Map(
    opts.payments.map((p) => [p.ticketId, { statementId: p.statementId, lineId: p.lineId }]),
  );
  const referenceOf = new Map(paid.map((s) => [s.reference, s.id]));
  const rows = await db
    .update(tickets)
    .set({ paymentStatus: 'completed', updatedAt: now })
    .where(inArray(tickets.paymentReference, [...referenceOf.keys()]))
    .returning({ id: tickets.id, reference: tickets.paymentReference });
  await writeAudits({
    db,
    entries: rows.map((row) => ({
      actorUserId: opts.actorUserId,
      action: 'statement_match',
      entity: 'ticket',
      entityId: row.id,
      before: { paymentStatus: 'pending' },
      after: { paymentStatus: 'completed', ...evidenceOf.get(referenceOf.get(row.reference) ?? '') },
    })),
  });
  const paidIds = paid.map((s) => s.id);
  if (opts.settings.approveMatched) {
    await approveBookings({
      db,
      clock: opts.clock,
      actorUserId: opts.actorUserId,
      ticketIds: paidIds,
      auditNote: (ticketId) => ({ paidBy: 'statement', ...evidenceOf.get(ticketId) }),
    });
  }
  return paidIds;
}
