import type { DbOrTx } from '#server/db/client.ts';
import type { ReminderSettings } from '#shared/disruptions.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadReminderSettingsOptions = { db: DbOrTx };

/** Whether the day-before reminders go out (on until the operator turns them off). */
export async function readReminderSettings({ db }: ReadReminderSettingsOptions): Promise<ReminderSettings> {
  const row = await readSettingsRow({ db, table: 'branding' });
  return { remindersEnabled: row?.remindersEnabled ?? true };
}
