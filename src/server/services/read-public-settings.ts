import type { PublicSettings } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { zoneOffsetMs } from '../lib/clock.ts';
import { readFareCategories } from './read-fare-categories.ts';
import { readPayLaterSettings } from './read-pay-later-settings.ts';
import { readPaymentSettings } from './read-payment-settings.ts';

export type ReadPublicSettingsOptions = {
  db: DbOrTx;
  maxTicketsPerBooking: number;
  timeZone: string;
  now: Date;
  /** Whether a card gateway is configured (docs/decisions/042). */
  cardOffered: boolean;
};

/** GET /api/settings/public: what the wizard shows and checks, the operator's time zone included. */
export async function readPublicSettings(opts: ReadPublicSettingsOptions): Promise<PublicSettings> {
  const payLater = await readPayLaterSettings({ db: opts.db });
  return {
    ...(await readPaymentSettings({ db: opts.db })),
    fares: await readFareCategories({ db: opts.db }),
    maxTicketsPerBooking: opts.maxTicketsPerBooking,
    timeZone: opts.timeZone,
    utcOffsetMinutes: Math.round(zoneOffsetMs(opts.now, opts.timeZone) / 60_000),
    paymentMethods: opts.cardOffered ? ['bank_transfer', 'card'] : ['bank_transfer'],
    payLater: { enabled: payLater.enabled, holdHours: payLater.holdHours, cutoffHours: payLater.cutoffHours },
  };
}
