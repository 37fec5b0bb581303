import { eq } from 'drizzle-orm';
import type { FareCategoryAdmin, FareCategoryFields } from '#shared/fare-categories.ts';
import { FARE_CATEGORY_MSG } from '#shared/messages/staff.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { fareCategories } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { readConcessions } from './read-concessions.ts';

export type SaveFareCategoryOptions = {
  db: Db;
  /** The concession's code: a new one on a create, the URL's on a change. */
  code: string;
  /** True: a new concession (POST); false: a change of an existing one (PUT). */
  create: boolean;
  input: FareCategoryFields;
  actorUserId: string | null;
};

export { readOne as readFareCategory };

export const fareCategoryNotFound = () =>
  new AppError('fare_category_not_found', FARE_CATEGORY_MSG.notFound, 404);
const exists = () =>
  new AppError('fare_category_exists', FARE_CATEGORY_MSG.exists, 409, {
    fields: { code: FARE_CATEGORY_MSG.exists },
  });

async function readOne(db: DbOrTx, code: string) {
  return (await readConcessions({ db: db, all: true })).find((c) => c.code === code);
}

/**
 * Creates or changes one of the operator's concessions (docs/decisions/036-fare-categories.md),
 * audited as the fares are (`entity` 'fare_category'). The next booking, sale or rebooking is
 * priced by it; tickets already sold keep what they cost. Only what the rule uses is kept: a
 * percentage for 'percent', the two prices for 'price'.
 */
export async function saveFareCategory(opts: SaveFareCategoryOptions): Promise<FareCategoryAdmin> {
  const { input, code } = opts;
  const values = {
    nameEn: input.nameEn,
    nameDv: input.nameDv,
    priceRule: input.priceRule,
    percentOff: input.priceRule === 'percent' ? input.percentOff : null,
    localPrice: input.priceRule === 'price' ? input.localPrice : null,
    foreignerPrice: input.priceRule === 'price' ? input.foreignerPrice : null,
    seat: input.seat,
    idRequired: input.idRequired,
    minAge: input.minAge,
    maxAge: input.maxAge,
    sort: input.sort,
    active: input.active,
  };
  try {
    return await opts.db.transaction(async (tx) => {
      const before = await readOne(tx, code);
      if (opts.create) {
        if (before) throw exists();
        await tx.insert(fareCategories).values({ code, ...values });
      } else {
        if (!before) throw fareCategoryNotFound();
        await tx
          .update(fareCategories)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(fareCategories.code, code));
      }
      const after = await readOne(tx, code);
      if (!after) throw fareCategoryNotFound();
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: opts.create ? 'create' : 'update',
        entity: 'fare_category',
        entityId: code,
        ...(before ? { before } : {}),
        after,
      });
      return after;
    });
  } catch (err) {
    // Two creates of the same code at once: the primary key lets one win.
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}
