import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminUsers, auditLog } from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import type { AuditEntry, AuditQuery } from '#shared/admin-api.ts';

/** The audit trail's filters: who, what, and the days from and to. */
export type AuditFilters = Omit<AuditQuery, 'cursor'>;

/** The filters as SQL; dates are whole days in the operator's time zone, both inclusive. */
export function filterSql(filters: AuditFilters, tzOperator: string): SQL[] {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actorUserId, filters.actor));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.from) where.push(gte(auditLog.createdAt, instantInZone(filters.from, '00:00', tzOperator)));
  if (filters.to)
    where.push(lt(auditLog.createdAt, instantInZone(addDays(filters.to, 1), '00:00', tzOperator)));
  return where;
}

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  cursorAt: sql<string>`${auditLog.createdAt}::text`,
  actorEmail: adminUsers.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

/** Audit entries with their actor's e-mail, newest first. */
export function selectEntries(db: DbOrTx, where: SQL[]) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.actorUserId))
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** An entry as the Audit screen and its CSV show it. */
export const toEntry = (row: Awaited<ReturnType<typeof selectEntries>>[number]): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actorEmail: row.actorEmail,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  before: row.before,
  after: row.after,
});
