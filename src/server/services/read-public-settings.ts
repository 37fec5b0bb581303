import type { FareCategoryPublic } from '#shared/fare-categories.ts';
import LOOKUP_DV from '#shared/locales/dv/lookup.ts';
import LOOKUP_EN from '#shared/messages/lookup.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { type DbOrTx, readTogether } from '../db/client.ts';
import { zoneOffsetMs } from '../lib/clock.ts';
import { readConcessions } from './read-fares.ts';
import { readPaymentSettings } from './read-payment-settings.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadPublicSettingsOptions = {
  db: DbOrTx;
  maxTicketsPerBooking: number;
  timeZone: string;
  now: Date;
};

/** GET /api/settings/public: what the wizard shows and checks, the operator's time zone included. */
export async function readPublicSettings(opts: ReadPublicSettingsOptions): Promise<PublicSettings> {
  return {
    ...(await readPaymentSettings({ db: opts.db })),
    fares: await readFareCategories(opts.db),
    maxTicketsPerBooking: opts.maxTicketsPerBooking,
    timeZone: opts.timeZone,
    utcOffsetMinutes: Math.round(zoneOffsetMs(opts.now, opts.timeZone) / 60_000),
  };
}

const builtIn = (code: 'adult' | 'child' | 'infant', key: keyof typeof LOOKUP_EN, seat: boolean) => ({
  code,
  name: { en: LOOKUP_EN[key], dv: LOOKUP_DV[key as keyof typeof LOOKUP_DV] },
  seat,
  idRequired: false,
  minAge: null,
  maxAge: null,
});

/**
 * The fare categories as the passenger's wizard offers them (docs/decisions/036-fare-categories.md):
 * adult, child and infant first (their names from the catalogues), then the operator's active
 * concessions by their order. An infant is 'free' unless the default list prices it.
 */
export async function readFareCategories(db: DbOrTx): Promise<FareCategoryPublic[]> {
  const [settings, concessions] = await readTogether(db, [
    () => readSettingsRow({ db, table: 'payment' }),
    () => readConcessions(db),
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
