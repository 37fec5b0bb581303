import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pwaSettings } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { ReminderSettings } from '#shared/disruptions.ts';
import { lockBranding } from './lock-branding.ts';
import { readReminderSettings } from './read-reminder-settings.ts';

export type UpdateReminderSettingsOptions = {
  db: Db;
  actorUserId: string;
  input: ReminderSettings;
};

/** Turns the day-before reminders on or off, audited. */
export async function updateReminderSettings(opts: UpdateReminderSettingsOptions): Promise<ReminderSettings> {
  await opts.db.transaction(async (tx) => {
    const row = await lockBranding({ db: tx });
    await tx
      .update(pwaSettings)
      .set({ remindersEnabled: opts.input.remindersEnabled, updatedAt: new Date() })
      .where(eq(pwaSettings.id, row.id));
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'reminder_settings',
      entityId: row.id,
      before: { remindersEnabled: row.remindersEnabled },
      after: opts.input,
    });
  });
  return readReminderSettings({ db: opts.db });
}
