import { asc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { returnDiscounts } from '#server/db/schema.ts';
import type { ReturnDiscount } from '#shared/return-discounts.ts';

export type ListReturnDiscountsOptions = { db: DbOrTx };

/** Every pair's return discount (docs/decisions/037-return-trips.md). */
export async function listReturnDiscounts({ db }: ListReturnDiscountsOptions): Promise<ReturnDiscount[]> {
  return db
    .select({
      originId: returnDiscounts.originId,
      destinationId: returnDiscounts.destinationId,
      percentOff: returnDiscounts.percentOff,
    })
    .from(returnDiscounts)
    .orderBy(asc(returnDiscounts.createdAt), asc(returnDiscounts.id));
}
