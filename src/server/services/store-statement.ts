import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bankStatements, statementLines, statementMappings } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { lineFingerprint } from '#server/lib/statements/fingerprint.ts';
import { referenceCandidates } from '#server/lib/statements/references.ts';
import type { ParsedLine } from '#server/lib/statements/types.ts';
import type { CsvMapping, StatementAccount, StatementImportResult } from '#shared/statements.ts';
import { matchPartnerLines } from './match-partner-lines.ts';
import { matchStatementLines } from './match-statement-lines.ts';
import { readStatementSettings } from './read-statement-settings.ts';

export type StoreStatementOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  account: StatementAccount;
  format: 'camt053' | 'csv';
  fileName: string;
  fileSha256: string;
  lines: ParsedLine[];
  /** A CSV layout's mapping the office gave with this file: kept for the next import. */
  mapping?: { layoutKey: string; mapping: CsvMapping } | undefined;
};

const CHUNK = 1000;

/** Why a line never pays a booking (docs/decisions/038), or null for a credit in the account's currency. */
function ignoredReason(line: ParsedLine, account: StatementAccount): 'debit' | 'zero' | 'currency' | null {
  if (line.amount.startsWith('-')) return 'debit';
  if (/^0+(?:\.0+)?$/.test(line.amount)) return 'zero';
  if (line.currency !== account) return 'currency';
  return null;
}

/**
 * An import's parsed lines kept and matched, all or nothing, in one transaction: the lines
 * inserted in batches, a line seen before (in an earlier file or earlier in this one, by the
 * bank's id or the fingerprint) skipped by the unique keys and counted as a duplicate, the
 * ignored ones classified, the rest matched in one set-based pass (match-statement-lines.ts).
 * A file with nothing new keeps no statement.
 */
export async function storeStatement(opts: StoreStatementOptions): Promise<StatementImportResult> {
  return opts.db.transaction(async (tx) => {
    const now = opts.clock.now();
    if (opts.mapping) {
      await tx
        .insert(statementMappings)
        .values({ account: opts.account, ...opts.mapping, updatedAt: now, updatedBy: opts.actorUserId })
        .onConflictDoUpdate({
          target: [statementMappings.account, statementMappings.layoutKey],
          set: { mapping: opts.mapping.mapping, updatedAt: now, updatedBy: opts.actorUserId },
        });
    }
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        account: opts.account,
        format: opts.format,
        fileName: opts.fileName,
        fileSha256: opts.fileSha256,
        importedBy: opts.actorUserId,
        createdAt: now,
      })
      .returning({ id: bankStatements.id });
    if (!statement) throw new Error('bank_statements insert returned no row');
    let imported = 0;
    let ignored = 0;
    for (let i = 0; i < opts.lines.length; i += CHUNK) {
      const kept = await tx
        .insert(statementLines)
        .values(
          opts.lines.slice(i, i + CHUNK).map((line) => {
            const reason = ignoredReason(line, opts.account);
            return {
              statementId: statement.id,
              account: opts.account,
              row: line.row,
              bookedOn: line.bookedOn,
              amount: line.amount,
              currency: line.currency,
              remark: line.remark,
              payer: line.payer,
              bankTransactionId: line.bankTransactionId,
              fingerprint: lineFingerprint(opts.account, line),
              referenceCandidates: reason ? [] : referenceCandidates(line.remark),
              status: reason ? 'ignored' : 'unmatched',
              ignoredReason: reason,
              createdAt: now,
            };
          }),
        )
        .onConflictDoNothing()
        .returning({ status: statementLines.status });
      imported += kept.length;
      ignored += kept.filter((k) => k.status === 'ignored').length;
    }
    const duplicates = opts.lines.length - imported;
    if (imported === 0) {
      await tx.delete(bankStatements).where(eq(bankStatements.id, statement.id));
      return { statementId: null, imported, duplicates, ignored: 0, matched: 0, suggested: 0, unmatched: 0 };
    }
    const settings = await readStatementSettings({ db: tx });
    // A partner's transfer names its statement, not a booking (docs/decisions/043).
    const partnerPaid = await matchPartnerLines({
      db: tx,
      clock: opts.clock,
      actorUserId: opts.actorUserId,
      statementId: statement.id,
    });
    const bookingsPaid = await matchStatementLines({
      db: tx,
      clock: opts.clock,
      actorUserId: opts.actorUserId,
      statementId: statement.id,
      settings,
    });
    const matched = { ...bookingsPaid, matched: bookingsPaid.matched + partnerPaid.matched };
    const counts = { imported, duplicates, ignored, ...matched };
    await tx.update(bankStatements).set(counts).where(eq(bankStatements.id, statement.id));
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'import',
      entity: 'statement',
      entityId: statement.id,
      after: { account: opts.account, format: opts.format, fileName: opts.fileName, ...counts },
    });
    return { statementId: statement.id, ...counts };
  });
}
