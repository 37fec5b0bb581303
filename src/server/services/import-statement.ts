import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { statementMappings } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { parseStatement } from '#server/lib/statements/parse-statement.ts';
import { MappingRequiredError, StatementInvalidError } from '#server/lib/statements/types.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { CsvMapping, StatementAccount, StatementImportResult } from '#shared/statements.ts';
import { storeStatement } from './store-statement.ts';

export type ImportStatementOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  account: StatementAccount;
  fileName: string;
  file: Buffer;
  /** The office's mapping of a CSV layout not seen before (already validated). */
  mapping?: CsvMapping | undefined;
};

/**
 * `POST /api/admin/statements` (docs/decisions/038): the file read by the parsers, then kept
 * and matched all or nothing (store-statement.ts). A file that cannot be read answers 400
 * statement_invalid naming its row and field; a CSV layout with no mapping, 422
 * statement_mapping_required with what the office needs to map it.
 */
export async function importStatement(opts: ImportStatementOptions): Promise<StatementImportResult> {
  let parsed: Awaited<ReturnType<typeof parseStatement>>;
  try {
    parsed = await parseStatement(opts.file, {
      account: opts.account,
      mappingFor: async (layoutKey: string) => {
        const [row] = await opts.db
          .select({ mapping: statementMappings.mapping })
          .from(statementMappings)
          .where(
            and(eq(statementMappings.account, opts.account), eq(statementMappings.layoutKey, layoutKey)),
          );
        return row?.mapping ?? null;
      },
      ...(opts.mapping ? { mapping: opts.mapping } : {}),
    });
  } catch (err) {
    if (err instanceof StatementInvalidError) {
      throw new AppError(
        'statement_invalid',
        STAFF_MSG.statementInvalid(err.row, err.field, err.problem),
        400,
        {
          details: { row: err.row, field: err.field, problem: err.problem },
        },
      );
    }
    if (err instanceof MappingRequiredError) {
      throw new AppError('statement_mapping_required', STAFF_MSG.statementMappingRequired, 422, {
        details: err.details,
      });
    }
    throw err;
  }
  return storeStatement({
    db: opts.db,
    clock: opts.clock,
    actorUserId: opts.actorUserId,
    account: opts.account,
    format: parsed.format,
    fileName: opts.fileName,
    fileSha256: createHash('sha256').update(opts.file).digest('hex'),
    lines: parsed.lines,
    mapping:
      opts.mapping && parsed.layoutKey ? { layoutKey: parsed.layoutKey, mapping: opts.mapping } : undefined,
  });
}
