import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Seller } from '#server/lib/counter-seller.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import type { CounterSale } from '#shared/counter.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { readBookingView } from './read-booking-view.ts';
import { signedCode } from './read-e-ticket.ts';
import { mayVoid, readSaleRow, saleNotFound } from './read-sale-row.ts';

export type ReadCounterSaleOptions = {
  db: DbOrTx;
  clock: Clock;
  ticketId: string;
  signer: TicketSigner | undefined;
  viewer: Pick<Seller, 'id' | 'mayVoidAnySale'>;
};

/** A counter sale as the counter shows and prints it, with its signed e-ticket. */
export async function readCounterSale(opts: ReadCounterSaleOptions): Promise<CounterSale> {
  const row = await readSaleRow({ db: opts.db, ticketId: opts.ticketId });
  const found = await readBookingView({ db: opts.db, where: eq(tickets.id, row.id) });
  if (!found) throw saleNotFound();
  const code = opts.signer ? signedCode(found, opts.signer) : null;
  const received = row.amountReceived;
  return {
    ticketId: row.id,
    reference: row.reference,
    eTicket: { ...found.view, code },
    paymentMethod: row.paymentMethod,
    transferReference: row.transferReference,
    totalAmount: row.totalAmount,
    currency: row.currency,
    received,
    change: received === null ? null : centsToMoney(toCents(received) - toCents(row.totalAmount)),
    passengerEmail: row.passengerEmail || null,
    soldAt: row.createdAt.toISOString(),
    soldBy: row.soldByName ?? 'Former staff',
    voidable: mayVoid(row, opts.viewer, opts.clock.now()) === 'yes',
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidedBy: row.voidedAt ? (row.voidedByName ?? 'Former staff') : null,
    voidReason: row.voidReason,
  };
}
