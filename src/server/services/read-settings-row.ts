import { asc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { paymentSettings, pwaSettings } from '#server/db/schema.ts';

const SETTINGS = { payment: paymentSettings, branding: pwaSettings };

type SettingsTable = typeof SETTINGS;

export type ReadSettingsRowOptions<K extends keyof SettingsTable> = {
  db: DbOrTx;
  /** The payment settings, or the branding (PWA) settings, which also hold the reminder switch. */
  table: K;
  /** FOR UPDATE, for the rest of the caller's transaction. */
  lock?: boolean;
};

/**
 * The operator's settings of one kind: the first row saved (docs/product.md section 7), or none
 * before anything was saved, when the callers use their defaults.
 */
export async function readSettingsRow<K extends keyof SettingsTable>(
  opts: ReadSettingsRowOptions<K>,
): Promise<SettingsTable[K]['$inferSelect'] | undefined> {
  const table: SettingsTable[keyof SettingsTable] = SETTINGS[opts.table];
  const query = opts.db.select().from(table).orderBy(asc(table.createdAt)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row as SettingsTable[K]['$inferSelect'] | undefined;
}
