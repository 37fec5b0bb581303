import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { launches, locations, schedules } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';

const TABLES = { launch: launches, location: locations, schedule: schedules };

/** What deleting a launch, location or schedule is asked with. */
export type DeleteCatalogueRowOptions = {
  db: Db;
  id: string;
  actorUserId: string | null;
};

export type DeleteOrArchiveOptions = {
  tx: Tx;
  entity: keyof typeof TABLES;
  /** The row, locked by the caller, which has refused it while active tickets use it. */
  row: { id: string; archivedAt: Date | null };
  /** True while history (a schedule or an old ticket) still names the row. */
  usedBy: SQL;
  /** What the audit entry records as the row before. */
  before: unknown;
  actorUserId: string | null;
};

/**
 * The second half of deleting a launch, location or schedule (docs/decisions/007-delete-or-archive.md):
 * unused, the row goes; named by history, it is archived (once: an archived row is left as it is).
 * Either is audited in the caller's transaction. Says which it was.
 */
export async function deleteOrArchive(
  opts: DeleteOrArchiveOptions,
): Promise<'deleted' | 'archived' | 'kept'> {
  const { tx, entity, row } = opts;
  const table = TABLES[entity];
  const audit = { actorUserId: opts.actorUserId, entity, entityId: row.id, before: opts.before };
  const result = await tx.execute(sql`SELECT (${opts.usedBy}) AS used`);
  const [used] = (result as unknown as { rows: { used: boolean }[] }).rows;
  if (!used?.used) {
    await tx.delete(table).where(eq(table.id, row.id));
    await writeAudit({ db: tx, ...audit, action: 'delete' });
    return 'deleted';
  }
  if (row.archivedAt) return 'kept';
  const [archived] = await tx
    .update(table)
    .set({ archivedAt: sql`now()` })
    .where(eq(table.id, row.id))
    .returning({ archivedAt: table.archivedAt });
  await writeAudit({
    db: tx,
    ...audit,
    action: 'archive',
    after: { archivedAt: archived?.archivedAt ?? null },
  });
  return 'archived';
}
