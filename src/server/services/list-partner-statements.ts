import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { partnerStatements } from '#server/db/schema.ts';
import type { PartnerStatement } from '#shared/partners.ts';

export type ListPartnerStatementsOptions = { db: DbOrTx; partnerId: string; today: string };

/**
 * The statements a partner was sent, newest first, each overdue when its due date has passed and
 * the payments recorded after its month do not yet cover its closing balance.
 */
export async function listPartnerStatements(opts: ListPartnerStatementsOptions): Promise<PartnerStatement[]> {
  const rows = await opts.db
    .select({
      month: partnerStatements.month,
      number: partnerStatements.number,
      currency: partnerStatements.currency,
      openingBalance: partnerStatements.openingBalance,
      charged: partnerStatements.charged,
      commission: partnerStatements.commission,
      cancelled: partnerStatements.cancelled,
      paid: partnerStatements.paid,
      closingBalance: partnerStatements.closingBalance,
      dueOn: partnerStatements.dueOn,
      mailedAt: partnerStatements.mailedAt,
      paidSince: sql<string>`(select coalesce(sum(pp.amount), 0)::text from partner_payments pp
        where pp.partner_id = ${partnerStatements.partnerId}
        and pp.paid_on >= (${partnerStatements.month} + interval '1 month')::date)`,
    })
    .from(partnerStatements)
    .where(eq(partnerStatements.partnerId, opts.partnerId))
    .orderBy(desc(partnerStatements.month));
  return rows.map(({ paidSince, ...r }) => ({
    ...r,
    month: r.month.slice(0, 7),
    currency: r.currency === 'USD' ? 'USD' : 'MVR',
    mailedAt: r.mailedAt?.toISOString() ?? null,
    overdue: r.dueOn < opts.today && Number(r.closingBalance) - Number(paidSince) > 0.004,
  }));
}
