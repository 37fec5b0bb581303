import { sql } from 'drizzle-orm';
import { partners } from '#server/db/schema.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { Partner } from '#shared/partners.ts';

/** The states of a partner's booking that it is charged for: confirmed, travelling or travelled. */
export const CHARGED_STATES = ['confirmed', 'completed'] as const;

/** A partner's statement code: P and its number, four digits (P0007). */
export const statementCodeOf = (number: number) => `P${String(number).padStart(4, '0')}`;

/**
 * A partner's row as the office sees it (docs/decisions/043-partner-accounts.md), with its
 * balance: what its bookings on account charge (cancelled ones charge nothing), less the
 * payments recorded; and what its statements past their due date on `today` still ask for.
 */
export const partnerColumns = (today: string) => ({
  id: partners.id,
  name: partners.name,
  contactEmail: partners.contactEmail,
  currency: partners.currency,
  commissionPercent: partners.commissionPercent,
  creditLimit: partners.creditLimit,
  paymentTermsDays: partners.paymentTermsDays,
  cancelHours: partners.cancelHours,
  number: partners.number,
  active: partners.active,
  createdAt: partners.createdAt,
  // Spelled out: a column of the outer table would lose its table's name in a one-table select.
  charged: sql<string>`(select coalesce(sum(t.total_amount), 0)::text from tickets t
    where t.partner_id = partners.id and t.ticket_status in ('confirmed', 'completed'))`,
  paid: sql<string>`(select coalesce(sum(pp.amount), 0)::text from partner_payments pp
    where pp.partner_id = partners.id)`,
  // The latest statement past due carries every earlier one's balance; what was paid after its
  // month counts against it.
  overdue: sql<string | null>`(select greatest(0, ps.closing_balance - coalesce((
      select sum(pp.amount) from partner_payments pp
      where pp.partner_id = partners.id and pp.paid_on >= (ps.month + interval '1 month')::date), 0))::text
    from partner_statements ps
    where ps.partner_id = partners.id and ps.due_on < ${today}::date
    order by ps.month desc limit 1)`,
});

type Row = {
  id: string;
  name: string;
  contactEmail: string;
  currency: string;
  commissionPercent: string;
  creditLimit: string;
  paymentTermsDays: number;
  cancelHours: number;
  number: number;
  active: boolean;
  createdAt: Date;
  charged: string;
  paid: string;
  overdue: string | null;
};

/** The answer for one row of partnerColumns. */
export function partnerOf(row: Row): Partner {
  const balance = toCents(row.charged) - toCents(row.paid);
  const left = toCents(row.creditLimit) - balance;
  return {
    id: row.id,
    name: row.name,
    contactEmail: row.contactEmail,
    currency: row.currency === 'USD' ? 'USD' : 'MVR',
    commissionPercent: Number(row.commissionPercent).toFixed(2),
    creditLimit: row.creditLimit,
    paymentTermsDays: row.paymentTermsDays,
    cancelHours: row.cancelHours,
    statementCode: statementCodeOf(row.number),
    active: row.active,
    overdue: centsToMoney(toCents(row.overdue ?? '0')),
    balance: centsToMoney(balance),
    creditLeft: centsToMoney(left > 0n ? left : 0n),
    createdAt: row.createdAt.toISOString(),
  };
}
