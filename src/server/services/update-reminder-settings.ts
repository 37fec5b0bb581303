import type { Db } from '#server/db/client.ts';
import type { ReminderSettings } from '#shared/disruptions.ts';
import { readReminderSettings } from './read-reminder-settings.ts';
import { saveBrandingFields } from './save-branding-fields.ts';

export type UpdateReminderSettingsOptions = {
  db: Db;
  actorUserId: string;
  input: ReminderSettings;
};

/** Turns the day-before reminders on or off, audited. */
export async function updateReminderSettings(opts: UpdateReminderSettingsOptions): Promise<ReminderSettings> {
  await opts.db.transaction(async (tx) => {
    await saveBrandingFields({
      db: tx,
      changes: { remindersEnabled: opts.input.remindersEnabled },
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'reminder_settings',
      after: opts.input,
    });
  });
  return readReminderSettings({ db: opts.db });
}
