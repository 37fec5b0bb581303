import { and, asc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { locations, partnerPayments, partners, tickets } from '#server/db/schema.ts';
import { dateInZone, instantInZone } from '#server/lib/clock.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { CHARGED_STATES, statementCodeOf } from './partner-columns.ts';
import { partnerNotFound } from './save-partner.ts';

/** One booking or cancellation line of a statement. */
export type StatementBookingLine = {
  date: string;
  reference: string;
  travelDate: string;
  route: string;
  guests: number;
  publicAmount: string;
  commissionAmount: string;
  totalAmount: string;
};

/** A partner's month: what its statement shows, worked out from the rows. */
export type PartnerStatementData = {
  partner: {
    id: string;
    name: string;
    contactEmail: string;
    currency: 'MVR' | 'USD';
    paymentTermsDays: number;
  };
  /** YYYY-MM. */
  month: string;
  number: string;
  openingBalance: string;
  charged: string;
  commission: string;
  cancelled: string;
  paid: string;
  closingBalance: string;
  dueOn: string;
  bookings: StatementBookingLine[];
  cancellations: StatementBookingLine[];
  payments: { paidOn: string; bankReference: string; amount: string }[];
};

export type ReadPartnerStatementOptions = {
  db: DbOrTx;
  partnerId: string;
  /** YYYY-MM. */
  month: string;
  /** The operator's zone: where the month begins and ends. */
  timeZone: string;
};

const sum = (values: readonly string[]) => values.reduce((n, v) => n + toCents(v), 0n);

/** The next month's YYYY-MM. */
export function nextMonth(month: string): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * A partner's month (docs/decisions/043-partner-accounts.md), in the operator's zone: the bookings
 * it made (charged when made), those cancelled in the month (credited when cancelled), the
 * commission its bookings earned, the payments recorded, and the balance carried in and out. The
 * closing balance of one month is the next one's opening, and the latest equals the balance the
 * office sees now.
 */
export async function readPartnerStatement(opts: ReadPartnerStatementOptions): Promise<PartnerStatementData> {
  const { db, month } = opts;
  const [partner] = await db
    .select({
      id: partners.id,
      name: partners.name,
      contactEmail: partners.contactEmail,
      currency: partners.currency,
      paymentTermsDays: partners.paymentTermsDays,
      number: partners.number,
    })
    .from(partners)
    .where(eq(partners.id, opts.partnerId));
  if (!partner) throw partnerNotFound();
  const start = instantInZone(`${month}-01`, '00:00', opts.timeZone);
  const end = instantInZone(`${nextMonth(month)}-01`, '00:00', opts.timeZone);
  const firstDay = `${month}-01`;
  const lastDay = new Date(Date.parse(`${nextMonth(month)}-01T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const origin = alias(locations, 'origin');
  const destination = alias(locations, 'destination');
  const own = eq(tickets.partnerId, partner.id);
  const cancelledState = notInArray(tickets.ticketStatus, [...CHARGED_STATES]);
  const lineOf = (at: typeof tickets.createdAt | typeof tickets.updatedAt) => ({
    at,
    reference: tickets.paymentReference,
    travelDate: tickets.travelDate,
    origin: origin.name,
    destination: destination.name,
    guests: sql<number>`(${tickets.adultCount} + ${tickets.childCount} + ${tickets.infantCount})::int`,
    publicAmount: tickets.publicAmount,
    commissionAmount: tickets.commissionAmount,
    totalAmount: tickets.totalAmount,
  });
  const lines = (at: typeof tickets.createdAt | typeof tickets.updatedAt, cancelled: boolean) =>
    db
      .select(lineOf(at))
      .from(tickets)
      .leftJoin(origin, eq(origin.id, tickets.userOriginId))
      .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
      .where(and(own, gte(at, start), lt(at, end), cancelled ? cancelledState : undefined))
      .orderBy(asc(at), asc(tickets.paymentReference));
  const [made, cancelled, payments, before] = await readTogether(db, [
    () => lines(tickets.createdAt, false),
    // A cancellation is credited in the month it happened: its row's last change.
    () => lines(tickets.updatedAt, true),
    () =>
      db
        .select({
          paidOn: partnerPayments.paidOn,
          bankReference: partnerPayments.bankReference,
          amount: partnerPayments.amount,
        })
        .from(partnerPayments)
        .where(
          and(
            eq(partnerPayments.partnerId, partner.id),
            gte(partnerPayments.paidOn, firstDay),
            lt(partnerPayments.paidOn, `${nextMonth(month)}-01`),
          ),
        )
        .orderBy(asc(partnerPayments.paidOn), asc(partnerPayments.createdAt)),
    () =>
      db
        .select({
          charged: sql<string>`(select coalesce(sum(total_amount), 0)::text from tickets
            where partner_id = ${partner.id} and created_at < ${start})`,
          cancelled: sql<string>`(select coalesce(sum(total_amount), 0)::text from tickets
            where partner_id = ${partner.id} and updated_at < ${start}
            and ticket_status not in ('confirmed', 'completed'))`,
          paid: sql<string>`(select coalesce(sum(amount), 0)::text from partner_payments
            where partner_id = ${partner.id} and paid_on < ${firstDay}::date)`,
        })
        .from(sql`(select 1) as one`),
  ]);
  const toLine = (r: (typeof made)[number]): StatementBookingLine => ({
    date: dateInZone(r.at, opts.timeZone),
    reference: r.reference,
    travelDate: r.travelDate,
    route: `${r.origin ?? ''} → ${r.destination ?? ''}`,
    guests: r.guests,
    publicAmount: r.publicAmount ?? r.totalAmount,
    commissionAmount: r.commissionAmount ?? '0.00',
    totalAmount: r.totalAmount,
  });
  const prior = before[0];
  const opening =
    toCents(prior?.charged ?? '0') - toCents(prior?.cancelled ?? '0') - toCents(prior?.paid ?? '0');
  const charged = sum(made.map((r) => r.totalAmount));
  const cancelledTotal = sum(cancelled.map((r) => r.totalAmount));
  const paid = sum(payments.map((p) => p.amount));
  const due = new Date(Date.parse(`${lastDay}T00:00:00Z`) + partner.paymentTermsDays * 86_400_000);
  return {
    partner: {
      id: partner.id,
      name: partner.name,
      contactEmail: partner.contactEmail,
      currency: partner.currency === 'USD' ? 'USD' : 'MVR',
      paymentTermsDays: partner.paymentTermsDays,
    },
    month,
    number: `${statementCodeOf(partner.number)}-${month.replace('-', '')}`,
    openingBalance: centsToMoney(opening),
    charged: centsToMoney(charged),
    commission: centsToMoney(sum(made.map((r) => r.commissionAmount ?? '0'))),
    cancelled: centsToMoney(cancelledTotal),
    paid: centsToMoney(paid),
    closingBalance: centsToMoney(opening + charged - cancelledTotal - paid),
    dueOn: due.toISOString().slice(0, 10),
    bookings: made.map(toLine),
    cancellations: cancelled.map(toLine),
    payments: payments.map((p) => ({ ...p })),
  };
}
