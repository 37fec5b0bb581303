import { type DbOrTx, readTogether } from '#server/db/client.ts';
import type { FareCategoryPublic } from '#shared/fare-categories.ts';
import LOOKUP_DV from '#shared/locales/dv/lookup.ts';
import LOOKUP_EN from '#shared/messages/lookup.ts';
import { readConcessions } from './read-concessions.ts';
import { readSettingsRow } from './read-settings-row.ts';

const builtIn = (code: 'adult' | 'child' | 'infant', key: keyof typeof LOOKUP_EN, seat: boolean) => ({
  code,
  name: { en: LOOKUP_EN[key], dv: LOOKUP_DV[key as keyof typeof LOOKUP_DV] },
  seat,
  idRequired: false,
  minAge: null,
  maxAge: null,
});

export type ReadFareCategoriesOptions = { db: DbOrTx };

/**
 * The fare categories as the passenger's wizard offers them (docs/decisions/036-fare-categories.md):
 * adult, child and infant first (their names from the catalogues), then the operator's active
 * concessions by their order. An infant is 'free' unless the default list prices it.
 */
export async function readFareCategories({ db }: ReadFareCategoriesOptions): Promise<FareCategoryPublic[]> {
  const [settings, concessions] = await readTogether(db, [
    () => readSettingsRow({ db, table: 'payment' }),
    () => readConcessions({ db }),
  ]);
  const infantPriced = settings?.infantLocalPrice != null || settings?.infantForeignerPrice != null;
  return [
    { ...builtIn('adult', 'categoryAdult', true), priceRule: 'price', percentOff: null },
    { ...builtIn('child', 'categoryChild', true), priceRule: 'price', percentOff: null },
    {
      ...builtIn('infant', 'categoryInfant', false),
      priceRule: infantPriced ? 'price' : 'free',
      percentOff: null,
    },
    ...concessions.map(
      (c): FareCategoryPublic => ({
        code: c.code,
        name: { en: c.nameEn, dv: c.nameDv },
        seat: c.seat,
        idRequired: c.idRequired,
        minAge: c.minAge,
        maxAge: c.maxAge,
        priceRule: c.priceRule,
        percentOff: c.percentOff,
      }),
    ),
  ];
}
