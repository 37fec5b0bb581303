import type { DbOrTx } from '#server/db/client.ts';
import type { FareCategoryAdmin } from '#shared/fare-categories.ts';
import { readConcessions } from './read-concessions.ts';

export type ListFareCategoriesOptions = { db: DbOrTx };

/** Every concession, inactive ones too, in their order: the Payments screen's list (decision 036). */
export async function listFareCategories({ db }: ListFareCategoriesOptions): Promise<FareCategoryAdmin[]> {
  return readConcessions({ db, all: true });
}
