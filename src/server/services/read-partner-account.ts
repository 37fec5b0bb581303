import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { partners } from '#server/db/schema.ts';
import type { PartnerOwnAccount } from '#shared/partners.ts';
import { partnerColumns, partnerOf } from './partner-columns.ts';
import { partnerNotFound } from './save-partner.ts';

export type ReadPartnerAccountOptions = { db: DbOrTx; partnerId: string };

/** The account as its partner sees it: its terms, what it owes and what it may still book. */
export async function readPartnerAccount(opts: ReadPartnerAccountOptions): Promise<PartnerOwnAccount> {
  // Overdue statements are the office's concern; the partner's screen shows its balance.
  const [row] = await opts.db
    .select(partnerColumns('1970-01-01'))
    .from(partners)
    .where(eq(partners.id, opts.partnerId));
  if (!row) throw partnerNotFound();
  const partner = partnerOf(row);
  return {
    partnerId: partner.id,
    name: partner.name,
    currency: partner.currency,
    commissionPercent: partner.commissionPercent,
    creditLimit: partner.creditLimit,
    balance: partner.balance,
    creditLeft: partner.creditLeft,
    paymentTermsDays: partner.paymentTermsDays,
    cancelHours: partner.cancelHours,
  };
}
