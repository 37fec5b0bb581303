import { asc, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { adminUsers, auditLog } from '#server/db/schema.ts';
import { filterSql, selectEntries, toEntry } from '#server/lib/audit-entries.ts';
import { AppError } from '#server/lib/errors.ts';
import type { AuditPage, AuditQuery } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';

export const AUDIT_PAGE_SIZE = 50;

/** The page after a cursor: created_at as PostgreSQL wrote it (microseconds), and the id. */
function cursorSql(cursor: string): SQL {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(Date.parse(at))) {
    throw new AppError('validation_error', MSG.checkRequiredFields, 400);
  }
  return sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

/**
 * Every kind of action in the trail, each found by one step down the action index (a loose
 * index scan) instead of reading the whole trail for its distinct values: a year of a busy
 * operator is some half a million entries of a few dozen kinds (docs/decisions/045-year-scale.md).
 */
async function distinctActions(db: DbOrTx): Promise<Array<{ action: string }>> {
  const result = await db.execute(sql`
    with recursive kinds (action) as (
      (select ${auditLog.action} from ${auditLog} order by ${auditLog.action} limit 1)
      union all
      select (select a.action from ${auditLog} a where a.action > kinds.action order by a.action limit 1)
      from kinds where kinds.action is not null
    )
    select action from kinds where action is not null`);
  return (result as unknown as { rows: Array<{ action: string }> }).rows;
}

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
    () => distinctActions(db),
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
