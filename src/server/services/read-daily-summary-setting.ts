import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles } from '#server/db/schema.ts';
import type { DailySummarySetting } from '#shared/reports.ts';

export type ReadDailySummarySettingOptions = { db: DbOrTx; userId: string };

/** Whether this staff member receives the daily summary e-mail (an Owner's own choice). */
export async function readDailySummarySetting({
  db,
  userId,
}: ReadDailySummarySettingOptions): Promise<DailySummarySetting> {
  const [row] = await db
    .select({ enabled: adminProfiles.dailySummary })
    .from(adminProfiles)
    .where(eq(adminProfiles.userId, userId));
  return { enabled: row?.enabled ?? false };
}
