import { asc } from 'drizzle-orm';
import { DEFAULT_BRANDING, DEFAULT_CONTACT } from '#shared/constants.ts';
import type { Branding } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { pwaSettings } from '../db/schema.ts';

/** The operator's branding and contact details (SPEC.md section 7): the first row, else the defaults. */
export async function readBranding({ db }: { db: DbOrTx }): Promise<Branding> {
  const [row] = await db.select().from(pwaSettings).orderBy(asc(pwaSettings.createdAt)).limit(1);
  if (!row) return { ...DEFAULT_BRANDING, ...DEFAULT_CONTACT };
  return {
    appName: row.appName,
    shortName: row.shortName,
    themeColor: row.themeColor,
    backgroundColor: row.backgroundColor,
    iconUrl: row.iconUrl,
    logoUrl: row.logoUrl,
    faviconUrl: row.faviconUrl,
    // Null until the operator enters their own.
    contactPhone: row.contactPhone ?? DEFAULT_CONTACT.contactPhone,
    bookingEmail: row.bookingEmail ?? DEFAULT_CONTACT.bookingEmail,
    supportEmail: row.supportEmail ?? DEFAULT_CONTACT.supportEmail,
  };
}
