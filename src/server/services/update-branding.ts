import type { Branding } from '#shared/schemas.ts';
import type { PwaSettingsUpdate } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { readBranding } from './read-branding.ts';
import { saveBrandingFields } from './save-branding-fields.ts';

const CONTACT_FIELDS = ['contactPhone', 'bookingEmail', 'supportEmail'] as const;

export type UpdateBrandingOptions = {
  db: Db;
  /** What the route's schema parsed. */
  input: PwaSettingsUpdate;
  actorUserId: string | null;
};

/** Saves only the fields sent (docs/product.md section 2, PWA settings: each card saves its own). */
export async function updateBranding(opts: UpdateBrandingOptions): Promise<Branding> {
  const { db, input } = opts;
  // An emptied contact detail is stored as null: the default shows again.
  const changes: Omit<PwaSettingsUpdate, (typeof CONTACT_FIELDS)[number]> &
    Partial<Record<(typeof CONTACT_FIELDS)[number], string | null>> = { ...input };
  for (const field of CONTACT_FIELDS) {
    if (changes[field] === '') changes[field] = null;
  }
  await db.transaction((tx) =>
    saveBrandingFields({
      db: tx,
      changes,
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'pwa_settings',
    }),
  );
  return readBranding({ db });
}
