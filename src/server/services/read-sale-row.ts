import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, tickets } from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import type { Seller } from '#server/lib/counter-seller.ts';
import { AppError } from '#server/lib/errors.ts';
import { SELLER_VOID_MINUTES } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';

export const saleNotFound = () => new AppError('sale_not_found', COUNTER_MSG.saleNotFound, 404);

/** Whether `viewer` may void this sale now: its seller within the window, Office or Owner at any time. */
export function mayVoid(
  sale: { soldBy: string | null; createdAt: Date; voidedAt: Date | null; boarded: number },
  viewer: Pick<Seller, 'id' | 'mayVoidAnySale'>,
  now: Date,
): 'yes' | 'voided' | 'boarded' | 'too_late' {
  if (sale.voidedAt) return 'voided';
  // Whatever was marked since: a boarding is never undone (#server/lib/boarded-persons.ts).
  if (sale.boarded > 0) return 'boarded';
  if (viewer.mayVoidAnySale) return 'yes';
  const fresh = now.getTime() - sale.createdAt.getTime() <= SELLER_VOID_MINUTES * 60_000;
  return sale.soldBy === viewer.id && fresh ? 'yes' : 'too_late';
}

const seller = alias(adminProfiles, 'seller');
const voider = alias(adminProfiles, 'voider');

export type ReadSaleRowOptions = { db: DbOrTx; ticketId: string };

/** A counter sale's row with its seller's and voider's names; 404 for a ticket not sold at the counter. */
export async function readSaleRow({ db, ticketId }: ReadSaleRowOptions) {
  const [row] = await db
    .select({
      id: tickets.id,
      reference: tickets.paymentReference,
      channel: tickets.channel,
      soldBy: tickets.soldBy,
      soldByName: seller.username,
      createdAt: tickets.createdAt,
      paymentMethod: tickets.paymentMethod,
      transferReference: tickets.transferReference,
      totalAmount: tickets.totalAmount,
      currency: tickets.currency,
      amountReceived: tickets.amountReceived,
      passengerEmail: tickets.passengerEmail,
      boarded: boardedPersons,
      voidedAt: tickets.voidedAt,
      voidedByName: voider.username,
      voidReason: tickets.voidReason,
    })
    .from(tickets)
    .leftJoin(seller, eq(seller.userId, tickets.soldBy))
    .leftJoin(voider, eq(voider.userId, tickets.voidedBy))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (row?.channel !== 'counter') throw saleNotFound();
  return row;
}
