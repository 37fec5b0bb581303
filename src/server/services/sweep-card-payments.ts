import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { cardPayments, tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { PaymentProvider } from '#server/lib/payments/types.ts';
import { releaseUnpaid } from './release-unpaid.ts';
import { CARD_RELEASED_REMARK, settleCardPayment } from './settle-card-payment.ts';

/** How often each instance asks about open card payments and releases unpaid ones. */
export const CARD_SWEEP_INTERVAL_MS = 30_000;
/** Open payments are asked about from this long before their hold ends... */
const ASK_BEFORE_MS = 2 * 60_000;
/** ...until this long after it (a late payment still confirms while its seats are free). */
const ASK_AFTER_MS = 60 * 60_000;
/** Nor more often than this, each. */
const ASK_EVERY_MS = 20_000;
const BATCH = 100;

export type SweepCardPaymentsOptions = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | null;
  tzOperator: string;
};

/**
 * Card payments online (docs/decisions/042), every CARD_SWEEP_INTERVAL_MS by every instance:
 * open payments whose hold ends soon, or ended within the hour, are asked about (the passenger
 * may have paid and closed the page, and the callback been lost); then every card booking whose
 * hold has ended unpaid is released: cancelled, payment failed, its seats freed, audited. Its
 * payment stays open: a payment that still comes takes the seats back if they are free.
 */
export async function sweepCardPayments(
  opts: SweepCardPaymentsOptions,
): Promise<{ asked: number; released: number }> {
  const { db } = opts;
  const now = opts.clock.now();
  let asked = 0;
  if (opts.provider) {
    const due = await db
      .select({ localId: cardPayments.localId })
      .from(cardPayments)
      .where(
        and(
          eq(cardPayments.state, 'open'),
          eq(cardPayments.provider, opts.provider.name),
          lte(cardPayments.holdUntil, new Date(now.getTime() + ASK_BEFORE_MS)),
          gt(cardPayments.holdUntil, new Date(now.getTime() - ASK_AFTER_MS)),
          or(
            isNull(cardPayments.checkedAt),
            lte(cardPayments.checkedAt, new Date(now.getTime() - ASK_EVERY_MS)),
          ),
        ),
      )
      .orderBy(cardPayments.holdUntil)
      .limit(BATCH);
    for (const { localId } of due) {
      await settleCardPayment({ ...opts, provider: opts.provider, by: { localId }, source: 'sweep' });
      asked += 1;
    }
  }

  const expired = await db
    .select({ reference: tickets.paymentReference })
    .from(tickets)
    .where(
      and(eq(tickets.ticketStatus, 'awaiting_card'), eq(tickets.journey, 1), lte(tickets.paymentDueAt, now)),
    )
    .limit(BATCH);
  let released = 0;
  for (const { reference } of expired) {
    const done = await db.transaction(async (tx) => {
      // Both journeys of a return, locked, and still waiting: a payment confirmed meanwhile wins.
      const rows = await tx
        .select({ id: tickets.id, due: tickets.paymentDueAt })
        .from(tickets)
        .where(and(eq(tickets.paymentReference, reference), eq(tickets.ticketStatus, 'awaiting_card')))
        .orderBy(tickets.journey)
        .for('update');
      if (rows.length === 0) return false;
      await releaseUnpaid({
        db: tx,
        rows: rows.map((r) => ({ id: r.id, ticketStatus: 'awaiting_card', paymentDueAt: r.due })),
        now,
        remark: CARD_RELEASED_REMARK,
        action: 'release_unpaid_card',
      });
      return true;
    });
    if (done) released += 1;
  }
  return { asked, released };
}
