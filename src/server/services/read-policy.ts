import type { DbOrTx } from '#server/db/client.ts';
import { DEFAULT_REFUND_POLICY, type RefundPolicy } from '#shared/refund-policy.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadPolicyOptions = { db: DbOrTx };

export async function readPolicy({ db }: ReadPolicyOptions): Promise<RefundPolicy> {
  const row = await readSettingsRow({ db, table: 'payment' });
  return row?.refundPolicy ?? DEFAULT_REFUND_POLICY;
}
