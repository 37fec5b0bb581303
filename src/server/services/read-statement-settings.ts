import type { DbOrTx } from '#server/db/client.ts';
import { DEFAULT_PAY_LATER } from '#shared/pay-later.ts';
import type { StatementSettings } from '#shared/statements.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadStatementSettingsOptions = { db: DbOrTx; lock?: boolean };

/**
 * Whether a matched statement line approves its booking, and the fee tolerance per currency
 * (docs/decisions/038), and the pay-later rules (docs/decisions/040); before the operator saved
 * any settings, approve with no tolerance and offer paying later with its defaults.
 */
export async function readStatementSettings(opts: ReadStatementSettingsOptions): Promise<StatementSettings> {
  const row = await readSettingsRow({ db: opts.db, table: 'payment', lock: opts.lock ?? false });
  return {
    approveMatched: row?.approveMatched ?? true,
    feeToleranceMvr: row?.feeToleranceMvr ?? '0.00',
    feeToleranceUsd: row?.feeToleranceUsd ?? '0.00',
    payLaterEnabled: row?.payLaterEnabled ?? DEFAULT_PAY_LATER.enabled,
    payLaterHoldHours: row?.payLaterHoldHours ?? DEFAULT_PAY_LATER.holdHours,
    payLaterCutoffHours: row?.payLaterCutoffHours ?? DEFAULT_PAY_LATER.cutoffHours,
    payLaterMaxSharePercent: row?.payLaterMaxSharePercent ?? DEFAULT_PAY_LATER.maxSharePercent,
  };
}
