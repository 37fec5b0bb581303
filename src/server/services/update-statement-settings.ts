import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { paymentSettings } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import type { StatementSettings } from '#shared/statements.ts';
import { readSettingsRow } from './read-settings-row.ts';
import { readStatementSettings } from './read-statement-settings.ts';

export type UpdateStatementSettingsOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  input: StatementSettings;
};

/**
 * `PUT /api/admin/statement-settings` (docs/decisions/038): whether matched lines approve their
 * bookings, and the fee tolerances, on the one payment settings row (made with the defaults
 * when there is none yet), audited.
 */
export async function updateStatementSettings(
  opts: UpdateStatementSettingsOptions,
): Promise<StatementSettings> {
  return opts.db.transaction(async (tx) => {
    const before = await readStatementSettings({ db: tx, lock: true });
    const row = await readSettingsRow({ db: tx, table: 'payment' });
    const now = opts.clock.now();
    if (row) {
      await tx
        .update(paymentSettings)
        .set({ ...opts.input, updatedAt: now })
        .where(eq(paymentSettings.id, row.id));
    } else {
      await tx
        .insert(paymentSettings)
        .values({ ...DEFAULT_PRICES, exchangeRate: DEFAULT_EXCHANGE_RATE, ...opts.input });
    }
    const after = await readStatementSettings({ db: tx });
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'statement_settings',
      entityId: row?.id ?? null,
      before,
      after,
    });
    return after;
  });
}
