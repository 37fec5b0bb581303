import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { pwaSettings } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { lockBranding } from './lock-branding.ts';

type BrandingRow = typeof pwaSettings.$inferSelect;

export type SaveBrandingFieldsOptions = {
  /** The caller's transaction. */
  db: Tx;
  /** The columns to set, and nothing else. */
  changes: Partial<typeof pwaSettings.$inferInsert>;
  actorUserId: string | null;
  /** The audit entry's action and entity: which card of the PWA settings saved. */
  action: string;
  entity: 'pwa_settings' | 'reminder_settings';
  /** What the audit entry records as after: the changes unless given. */
  after?: unknown;
};

/**
 * Saves some fields of the branding row (locked, and created with the defaults when there is none),
 * audited with those fields as they were and as they are. Gives the row as it was.
 */
export async function saveBrandingFields(opts: SaveBrandingFieldsOptions): Promise<BrandingRow> {
  const { db: tx, changes } = opts;
  const row = await lockBranding({ db: tx });
  await tx
    .update(pwaSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pwaSettings.id, row.id));
  await writeAudit({
    db: tx,
    actorUserId: opts.actorUserId,
    action: opts.action,
    entity: opts.entity,
    entityId: row.id,
    before: Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof BrandingRow]])),
    after: opts.after ?? changes,
  });
  return row;
}
