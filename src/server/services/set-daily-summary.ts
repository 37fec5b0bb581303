import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { DailySummarySetting } from '#shared/reports.ts';

export type SetDailySummaryOptions = { db: DbOrTx; userId: string; enabled: boolean };

/**
 * The signed-in Owner turns their own daily summary e-mail on or off (the route's permission,
 * `reports.mail`, is the Owner's alone). Turned on after the morning's hour, yesterday's summary
 * goes out at the job's next run; then one each morning. Audited.
 */
export async function setDailySummary({
  db,
  userId,
  enabled,
}: SetDailySummaryOptions): Promise<DailySummarySetting> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ enabled: adminProfiles.dailySummary })
      .from(adminProfiles)
      .where(eq(adminProfiles.userId, userId))
      .for('update');
    if (before && before.enabled !== enabled) {
      await tx.update(adminProfiles).set({ dailySummary: enabled }).where(eq(adminProfiles.userId, userId));
      await writeAudit({
        db: tx,
        actorUserId: userId,
        action: 'update',
        entity: 'daily_summary',
        entityId: userId,
        before: { enabled: before.enabled },
        after: { enabled },
      });
    }
    return { enabled };
  });
}
