import { sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { SOLD_STATES } from '#server/lib/report-sql.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { PartnerBalance } from '#shared/reports.ts';

export type ReadOwedOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD), of the bookings still waiting for their payment. */
  from: string;
  to: string;
};

export type Owed = {
  pending: { currency: string; bookings: number; amount: string }[];
  partners: PartnerBalance[];
};

type PendingRow = { currency: string; bookings: number; amount: string };
type PartnerRow = {
  id: string;
  name: string;
  currency: string;
  bookings: number;
  charged: string;
  paid: string;
};

/**
 * What is still owed: the range's bookings waiting for their payment (a transfer or its slip
 * not yet checked, a card payment not yet made), per currency; and every partner's account as it
 * stands today, whatever the range: its confirmed bookings charged to it, less the payments the
 * office recorded (docs/decisions/043-partner-accounts.md). Partners without either are left out.
 */
export async function readOwed({ db, from, to }: ReadOwedOptions): Promise<Owed> {
  const [pending, partners] = await readTogether(db, [
    () =>
      db.execute(sql`
        SELECT t.currency, count(*)::int AS bookings, sum(t.total_amount)::text AS amount
          FROM tickets t
         WHERE t.travel_date BETWEEN ${from}::date AND ${to}::date
           AND t.ticket_status IN ('pending', 'awaiting_card')
         GROUP BY t.currency
         ORDER BY t.currency`),
    () =>
      db.execute(sql`
        SELECT p.id, p.name, p.currency, coalesce(c.bookings, 0)::int AS bookings,
               coalesce(c.charged, 0)::text AS charged, coalesce(pp.paid, 0)::text AS paid
          FROM partners p
          LEFT JOIN (
            SELECT t.partner_id, count(*) AS bookings, sum(t.total_amount) AS charged
              FROM tickets t
             WHERE t.partner_id IS NOT NULL AND t.channel = 'partner' AND t.ticket_status IN ${SOLD_STATES}
             GROUP BY t.partner_id
          ) c ON c.partner_id = p.id
          LEFT JOIN (
            SELECT partner_id, sum(amount) AS paid FROM partner_payments GROUP BY partner_id
          ) pp ON pp.partner_id = p.id
         WHERE c.partner_id IS NOT NULL OR pp.partner_id IS NOT NULL
         ORDER BY lower(p.name)`),
  ]);
  return {
    pending: (pending as unknown as { rows: PendingRow[] }).rows.map((r) => ({
      currency: r.currency,
      bookings: Number(r.bookings),
      amount: centsToMoney(toCents(r.amount)),
    })),
    partners: (partners as unknown as { rows: PartnerRow[] }).rows.map((r) => {
      const charged = toCents(r.charged);
      const paid = toCents(r.paid);
      return {
        partnerId: r.id,
        name: r.name,
        currency: r.currency,
        bookings: Number(r.bookings),
        charged: centsToMoney(charged),
        paid: centsToMoney(paid),
        balance: centsToMoney(charged - paid),
      };
    }),
  };
}
