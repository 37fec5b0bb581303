import type { DbOrTx } from '#server/db/client.ts';
import { DEFAULT_PAY_LATER, type PayLaterSettings } from '#shared/pay-later.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadPayLaterSettingsOptions = { db: DbOrTx };

/** The operator's pay-later settings (docs/decisions/040-pay-later.md), the defaults before any are saved. */
export async function readPayLaterSettings({ db }: ReadPayLaterSettingsOptions): Promise<PayLaterSettings> {
  const row = await readSettingsRow({ db, table: 'payment' });
  if (!row) return DEFAULT_PAY_LATER;
  return {
    enabled: row.payLaterEnabled,
    holdHours: row.payLaterHoldHours,
    cutoffHours: row.payLaterCutoffHours,
    maxSharePercent: row.payLaterMaxSharePercent,
  };
}
