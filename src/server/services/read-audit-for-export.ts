import type { DbOrTx } from '#server/db/client.ts';
import { type AuditFilters, filterSql, selectEntries, toEntry } from '#server/lib/audit-entries.ts';
import type { AuditEntry } from '#shared/admin-api.ts';

/** A CSV export's ceiling: a spreadsheet handles about a million rows; this stays well within. */
export const AUDIT_EXPORT_MAX = 100_000;

export type ReadAuditForExportOptions = {
  db: DbOrTx;
  query: AuditFilters;
  tzOperator: string;
};

/** Every entry matching the filters (up to AUDIT_EXPORT_MAX), newest first, for the CSV export. */
export async function readAuditForExport(opts: ReadAuditForExportOptions): Promise<AuditEntry[]> {
  const rows = await selectEntries(opts.db, filterSql(opts.query, opts.tzOperator)).limit(AUDIT_EXPORT_MAX);
  return rows.map(toEntry);
}
