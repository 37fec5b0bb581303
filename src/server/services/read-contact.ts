import { asc } from 'drizzle-orm';
import { DEFAULT_CONTACT } from '#shared/constants.ts';
import type { Branding } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { pwaSettings } from '../db/schema.ts';

export type Contact = Pick<Branding, 'contactPhone' | 'bookingEmail' | 'supportEmail'>;

/** The saved contact details of a settings row (or of none): each null one is still the default's. */
export function contactOf(row: { [K in keyof Contact]: string | null } | undefined): Contact {
  return {
    contactPhone: row?.contactPhone ?? DEFAULT_CONTACT.contactPhone,
    bookingEmail: row?.bookingEmail ?? DEFAULT_CONTACT.bookingEmail,
    supportEmail: row?.supportEmail ?? DEFAULT_CONTACT.supportEmail,
  };
}

export type ReadContactOptions = { db: DbOrTx };

/**
 * The operator's contact details (PWA settings), as the footer and every passenger mail give
 * them: the branding's other fields and the compiled texts are not needed for that.
 */
export async function readContact({ db }: ReadContactOptions): Promise<Contact> {
  const [row] = await db
    .select({
      contactPhone: pwaSettings.contactPhone,
      bookingEmail: pwaSettings.bookingEmail,
      supportEmail: pwaSettings.supportEmail,
    })
    .from(pwaSettings)
    .orderBy(asc(pwaSettings.createdAt))
    .limit(1);
  return contactOf(row);
}
