import { asc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { paymentSettings } from '#server/db/schema.ts';
import { DEFAULT_REFUND_POLICY, type RefundPolicy } from '#shared/refund-policy.ts';

export type ReadPolicyOptions = { db: DbOrTx };

export async function readPolicy({ db }: ReadPolicyOptions): Promise<RefundPolicy> {
  const [row] = await db
    .select({ policy: paymentSettings.refundPolicy })
    .from(paymentSettings)
    .orderBy(asc(paymentSettings.createdAt))
    .limit(1);
  return row?.policy ?? DEFAULT_REFUND_POLICY;
}
