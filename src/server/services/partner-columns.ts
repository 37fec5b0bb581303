import { sql } from 'drizzle-orm';
import { partners } from '#server/db/schema.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { Partner } from '#shared/partners.ts';

/**
 * A partner's row as the office sees it (docs/decisions/043-partner-accounts.md), with its
 * balance: what it booked on account, less its cancellations, less the payments recorded. Partner
 * bookings are not taken yet, so the balance is the payments' credit alone until they are.
 */
export const partnerColumns = {
  id: partners.id,
  name: partners.name,
  contactEmail: partners.contactEmail,
  currency: partners.currency,
  commissionPercent: partners.commissionPercent,
  creditLimit: partners.creditLimit,
  paymentTermsDays: partners.paymentTermsDays,
  active: partners.active,
  createdAt: partners.createdAt,
  // Spelled out: a column of the outer table would lose its table's name in a one-table select.
  paid: sql<string>`(select coalesce(sum(pp.amount), 0)::text from partner_payments pp
    where pp.partner_id = partners.id)`,
};

type Row = {
  id: string;
  name: string;
  contactEmail: string;
  currency: string;
  commissionPercent: string;
  creditLimit: string;
  paymentTermsDays: number;
  active: boolean;
  createdAt: Date;
  paid: string;
};

/** The answer for one row of partnerColumns. */
export function partnerOf(row: Row): Partner {
  const balance = -toCents(row.paid);
  const left = toCents(row.creditLimit) - balance;
  return {
    id: row.id,
    name: row.name,
    contactEmail: row.contactEmail,
    currency: row.currency === 'USD' ? 'USD' : 'MVR',
    commissionPercent: Number(row.commissionPercent).toFixed(2),
    creditLimit: row.creditLimit,
    paymentTermsDays: row.paymentTermsDays,
    active: row.active,
    balance: centsToMoney(balance),
    creditLeft: centsToMoney(left > 0n ? left : 0n),
    createdAt: row.createdAt.toISOString(),
  };
}
