import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fareCategories, routeFares, ticketPassengers, tickets } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { fareCategoryNotFound, readFareCategory } from './save-fare-category.ts';

export type DeleteFareCategoryOptions = { db: Db; code: string; actorUserId: string | null };

/**
 * Deletes a concession, or deactivates it when a booking used it (docs/decisions/007 and 036): a
 * ticket keeps the category's code, and its names still show on the ticket and the manifests.
 * Deleted, its pairs' own prices go with it; deactivated, they stay for a later reactivation.
 */
export async function deleteFareCategory(
  opts: DeleteFareCategoryOptions,
): Promise<'deleted' | 'deactivated'> {
  return opts.db.transaction(async (tx) => {
    const before = await readFareCategory(tx, opts.code);
    if (!before) throw fareCategoryNotFound();
    const audit = { actorUserId: opts.actorUserId, entity: 'fare_category', entityId: opts.code, before };
    const used = await tx
      .select({ one: sql`1` })
      .from(tickets)
      .where(sql`${tickets.ticketBreakdown} @> ${JSON.stringify([{ category: opts.code }])}::jsonb`)
      .limit(1);
    const named = await tx
      .select({ one: sql`1` })
      .from(ticketPassengers)
      .where(eq(ticketPassengers.category, opts.code))
      .limit(1);
    if (used.length === 0 && named.length === 0) {
      await tx.delete(routeFares).where(and(eq(routeFares.category, opts.code)));
      await tx.delete(fareCategories).where(eq(fareCategories.code, opts.code));
      await writeAudit({ db: tx, ...audit, action: 'delete' });
      return 'deleted';
    }
    await tx
      .update(fareCategories)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(fareCategories.code, opts.code));
    await writeAudit({ db: tx, ...audit, action: 'archive', after: { active: false } });
    return 'deactivated';
  });
}
