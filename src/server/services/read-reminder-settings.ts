import { asc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { pwaSettings } from '#server/db/schema.ts';
import type { ReminderSettings } from '#shared/disruptions.ts';

export type ReadReminderSettingsOptions = { db: DbOrTx };

/** Whether the day-before reminders go out (on until the operator turns them off). */
export async function readReminderSettings({ db }: ReadReminderSettingsOptions): Promise<ReminderSettings> {
  const [row] = await db
    .select({ on: pwaSettings.remindersEnabled })
    .from(pwaSettings)
    .orderBy(asc(pwaSettings.createdAt))
    .limit(1);
  return { remindersEnabled: row?.on ?? true };
}
