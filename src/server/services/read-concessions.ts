import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { fareCategories } from '#server/db/schema.ts';
import type { Concession, PriceRule } from '#shared/fare-categories.ts';

export type ReadConcessionsOptions = {
  db: DbOrTx;
  /** Inactive ones too (the office's list, the names of old tickets); else the active only. */
  all?: boolean;
};

/**
 * The operator's concessions (docs/decisions/036-fare-categories.md), in the order they are
 * listed (sort, then code): the active ones, or all.
 */
export async function readConcessions({ db, ...opts }: ReadConcessionsOptions): Promise<Concession[]> {
  const rows = await db
    .select()
    .from(fareCategories)
    .where(opts.all ? undefined : eq(fareCategories.active, true))
    .orderBy(asc(fareCategories.sort), asc(fareCategories.code));
  return rows.map((r) => ({
    code: r.code,
    nameEn: r.nameEn,
    nameDv: r.nameDv,
    priceRule: r.priceRule as PriceRule,
    percentOff: r.percentOff,
    localPrice: r.localPrice,
    foreignerPrice: r.foreignerPrice,
    seat: r.seat,
    idRequired: r.idRequired,
    minAge: r.minAge,
    maxAge: r.maxAge,
    sort: r.sort,
    active: r.active,
  }));
}
