import { DEFAULT_BRANDING, DEFAULT_CONTACT } from '#shared/constants.ts';
import type { Branding } from '#shared/schemas.ts';
import { type DbOrTx, readTogether } from '../db/client.ts';
import type { MicroCache } from '../lib/micro-cache.ts';
import { type CompiledTextOverrides, readCompiledTextOverrides } from './read-compiled-text-overrides.ts';
import { contactOf } from './read-contact.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadBrandingOptions = {
  db: DbOrTx;
  overridesCache?: MicroCache<CompiledTextOverrides> | undefined;
};

/**
 * The operator's branding and contact details (docs/product.md section 7): the first row, else the
 * defaults; with the operator's text corrections compiled (admin: Texts), which every page
 * receives this way with no request of its own. The public read shares the corrections through
 * `overridesCache` (cleared by a correction on this instance, so it shows on the next load).
 */
export async function readBranding({ db, overridesCache }: ReadBrandingOptions): Promise<Branding> {
  const overrides = () => readCompiledTextOverrides({ db });
  const [row, compiled] = await readTogether(db, [
    () => readSettingsRow({ db, table: 'branding' }),
    () => (overridesCache ? overridesCache.get('all', overrides) : overrides()),
  ]);
  // Only when there is a correction: most operators never make one.
  const texts = Object.keys(compiled).length > 0 ? { texts: compiled } : {};
  if (!row) return { ...DEFAULT_BRANDING, ...DEFAULT_CONTACT, homeClaims: null, ...texts };
  return {
    appName: row.appName,
    shortName: row.shortName,
    themeColor: row.themeColor,
    backgroundColor: row.backgroundColor,
    iconUrl: row.iconUrl,
    logoUrl: row.logoUrl,
    faviconUrl: row.faviconUrl,
    // Null until the operator enters their own.
    ...contactOf(row),
    // Null: the defaults (HOME_CLAIMS, with their labels from the catalogues).
    homeClaims: row.homeClaims ?? null,
    ...texts,
  };
}
