import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers, bankStatements } from '#server/db/schema.ts';
import type { statementSchema } from '#shared/statements.ts';

export type ListStatementsOptions = { db: DbOrTx; limit?: number };

/** `GET /api/admin/statements`: the imports, newest first, with who ran each and its counts. */
export async function listStatements(
  opts: ListStatementsOptions,
): Promise<z.infer<typeof statementSchema>[]> {
  const rows = await opts.db
    .select({ s: bankStatements, username: adminProfiles.username, email: adminUsers.email })
    .from(bankStatements)
    .leftJoin(adminUsers, eq(adminUsers.id, bankStatements.importedBy))
    .leftJoin(adminProfiles, eq(adminProfiles.userId, bankStatements.importedBy))
    .orderBy(desc(bankStatements.createdAt))
    .limit(opts.limit ?? 200);
  return rows.map(({ s, username, email }) => ({
    id: s.id,
    account: s.account === 'USD' ? 'USD' : 'MVR',
    format: s.format === 'camt053' ? 'camt053' : 'csv',
    fileName: s.fileName,
    importedAt: s.createdAt.toISOString(),
    importedBy: username ?? email ?? '',
    imported: s.imported,
    duplicates: s.duplicates,
    ignored: s.ignored,
    matched: s.matched,
    suggested: s.suggested,
    unmatched: s.unmatched,
  }));
}
