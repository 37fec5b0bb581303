import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Seller } from '#server/lib/counter-seller.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { supersedeETicket, type TicketSigner } from '#server/lib/ticket-signing.ts';
import type { CounterSale } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { readCounterSale } from './read-counter-sale.ts';
import { mayVoid, readSaleRow, saleNotFound } from './read-sale-row.ts';

export type VoidCounterSaleOptions = {
  db: Db;
  clock: Clock;
  ticketId: string;
  reason: string;
  viewer: Pick<Seller, 'id' | 'mayVoidAnySale'>;
  signer: TicketSigner | undefined;
};

/**
 * Voids a counter sale (docs/decisions/025): its seller within SELLER_VOID_MINUTES, Office or
 * Owner later; never once anyone of the party has boarded. The seats are freed, the e-ticket's
 * code is revoked (its version moves on, so a synced boarding device shows the old one red),
 * and the void is audited with its reason. The sale stays in its shift's cash-up as a void.
 */
export async function voidCounterSale(opts: VoidCounterSaleOptions): Promise<CounterSale> {
  const { db, viewer } = opts;
  await db.transaction(async (tx) => {
    // The row lock orders a void against a boarding sync of the same ticket.
    const [locked] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.id, opts.ticketId))
      .for('update');
    if (!locked) throw saleNotFound();
    const row = await readSaleRow({ db: tx, ticketId: opts.ticketId });
    const now = opts.clock.now();
    const verdict = mayVoid(row, viewer, now);
    if (verdict === 'voided') throw new AppError('already_voided', COUNTER_MSG.alreadyVoided, 409);
    if (verdict === 'boarded') throw new AppError('boarded', COUNTER_MSG.voidBoarded, 409);
    if (verdict === 'too_late') throw new AppError('forbidden', COUNTER_MSG.voidTooLate, 403);
    await tx
      .update(tickets)
      .set({
        ticketStatus: 'voided',
        voidedAt: now,
        voidedBy: viewer.id,
        voidReason: opts.reason,
        updatedAt: now,
        ...supersedeETicket,
      })
      .where(eq(tickets.id, row.id));
    await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, row.id));
    await writeAudit({
      db: tx,
      actorUserId: viewer.id,
      action: 'counter_void',
      entity: 'ticket',
      entityId: row.id,
      before: { ticketStatus: 'confirmed', seller: row.soldByName },
      after: {
        ticketStatus: 'voided',
        reason: opts.reason,
        totalAmount: row.totalAmount,
        currency: row.currency,
      },
    });
    await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: row.id } } });
  });
  return readCounterSale(opts);
}
