import type { DbOrTx } from '#server/db/client.ts';
import type { StatementSettings } from '#shared/statements.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadStatementSettingsOptions = { db: DbOrTx; lock?: boolean };

/**
 * Whether a matched statement line approves its booking, and the fee tolerance per currency
 * (docs/decisions/038); before the operator saved any settings, approve with no tolerance.
 */
export async function readStatementSettings(opts: ReadStatementSettingsOptions): Promise<StatementSettings> {
  const row = await readSettingsRow({ db: opts.db, table: 'payment', lock: opts.lock ?? false });
  return {
    approveMatched: row?.approveMatched ?? true,
    feeToleranceMvr: row?.feeToleranceMvr ?? '0.00',
    feeToleranceUsd: row?.feeToleranceUsd ?? '0.00',
  };
}
