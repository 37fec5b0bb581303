import { DEFAULT_BRANDING } from '#shared/constants.ts';
import type { Tx } from '../db/client.ts';
import { pwaSettings } from '../db/schema.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type LockBrandingOptions = { db: Tx };

/**
 * The branding row (docs/product.md section 7: the first one), locked FOR UPDATE for the rest of the
 * transaction and created with the defaults when there is none.
 */
export async function lockBranding({ db: tx }: LockBrandingOptions) {
  const row = await readSettingsRow({ db: tx, table: 'branding', lock: true });
  if (row) return row;
  const [created] = await tx
    .insert(pwaSettings)
    .values({
      appName: DEFAULT_BRANDING.appName,
      shortName: DEFAULT_BRANDING.shortName,
      themeColor: DEFAULT_BRANDING.themeColor,
      backgroundColor: DEFAULT_BRANDING.backgroundColor,
    })
    .returning();
  if (!created) throw new Error('pwa_settings insert returned nothing');
  return created;
}
