import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { adminUsers, auditLog } from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import type { AuditEntry, AuditPage, AuditQuery } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';

export const AUDIT_PAGE_SIZE = 50;
/** A CSV export's ceiling: a spreadsheet handles about a million rows; this stays well within. */
export const AUDIT_EXPORT_MAX = 100_000;

type Filters = Omit<AuditQuery, 'cursor'>;

/** The filters as SQL; dates are whole days in the operator's time zone, both inclusive. */
function filterSql(filters: Filters, tzOperator: string): SQL[] {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actorUserId, filters.actor));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.from) where.push(gte(auditLog.createdAt, instantInZone(filters.from, '00:00', tzOperator)));
  if (filters.to)
    where.push(lt(auditLog.createdAt, instantInZone(addDays(filters.to, 1), '00:00', tzOperator)));
  return where;
}

/** The page after a cursor: created_at as PostgreSQL wrote it (microseconds), and the id. */
function cursorSql(cursor: string): SQL {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(Date.parse(at))) {
    throw new AppError('validation_error', MSG.checkRequiredFields, 400);
  }
  return sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::uuid)`;
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

function selectEntries(db: DbOrTx, where: SQL[]) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.actorUserId))
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

const toEntry = (row: Awaited<ReturnType<typeof selectEntries>>[number]): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actorEmail: row.actorEmail,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  before: row.before,
  after: row.after,
});

export type ReadAuditOptions = {
  db: DbOrTx;
  query: AuditQuery;
  tzOperator: string;
};

/** The audit trail, newest first, a page at a time (Audit screen). Rows from before staff roles show too. */
export async function readAudit(opts: ReadAuditOptions): Promise<AuditPage> {
  const { db, query } = opts;
  const where = filterSql(query, opts.tzOperator);
  if (query.cursor) where.push(cursorSql(query.cursor));
  const [rows, actors, actions] = await readTogether(db, [
    () => selectEntries(db, where).limit(AUDIT_PAGE_SIZE + 1),
    () =>
      db
        .select({ id: adminUsers.id, email: adminUsers.email })
        .from(adminUsers)
        .orderBy(asc(sql`lower(${adminUsers.email})`)),
    () => db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    next:
      rows.length > AUDIT_PAGE_SIZE && last
        ? Buffer.from(`${last.cursorAt}|${last.id}`, 'utf8').toString('base64url')
        : null,
    actors,
    actions: actions.map((a) => a.action),
  };
}

export type ReadAuditForExportOptions = {
  db: DbOrTx;
  query: Filters;
  tzOperator: string;
};

/** Every entry matching the filters (up to AUDIT_EXPORT_MAX), newest first, for the CSV export. */
export async function readAuditForExport(opts: ReadAuditForExportOptions): Promise<AuditEntry[]> {
  const rows = await selectEntries(opts.db, filterSql(opts.query, opts.tzOperator)).limit(AUDIT_EXPORT_MAX);
  return rows.map(toEntry);
}
