import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import {
  cardPayments,
  launches,
  locations,
  partners,
  refundRequests,
  schedules,
  statementLines,
  statementPayments,
  tickets,
} from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { hhmm } from '#server/lib/clock.ts';
import { saleChannel } from '#server/lib/sale-channel.ts';
import { type TicketOrder, ticketOrderBy } from '#server/lib/ticket-order.ts';
import type { AdminStop, AdminTicket, MarkedStatus, PaymentStatus, TicketStatus } from '#shared/admin-api.ts';
import { CARD_ONLINE } from '#shared/card-payments.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { listStopsOf } from './list-stops-of.ts';

const origin = alias(locations, 'origin');
const destination = alias(locations, 'destination');

function selectTickets(db: DbOrTx) {
  return db
    .select({
      ticket: tickets,
      scheduleDepartureTime: schedules.departureTime,
      scheduleStatus: schedules.status,
      launchName: launches.name,
      originName: origin.name,
      destinationName: destination.name,
      partnerName: partners.name,
      openRefunds: sql<number>`(select count(*)::int from ${refundRequests} where ${refundRequests.ticketId} = ${tickets.id} and ${refundRequests.status} = 'requested')`,
      boarded: boardedPersons,
    })
    .from(tickets)
    .innerJoin(schedules, eq(schedules.id, tickets.scheduleId))
    .leftJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
    .leftJoin(partners, eq(partners.id, tickets.partnerId));
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

type StatementPayment = AdminTicket['statementPayments'][number];

/**
 * The statement lines that paid these tickets' bookings, by reference: a payment is recorded on
 * the booking's first journey, and a return's way back shows it too (docs/decisions/037, 038).
 */
async function statementPaymentsOf(
  db: DbOrTx,
  references: string[],
): Promise<Map<string, StatementPayment[]>> {
  const byReference = new Map<string, StatementPayment[]>();
  if (references.length === 0) return byReference;
  const rows = await db
    .select({
      reference: tickets.paymentReference,
      lineId: statementLines.id,
      statementId: statementLines.statementId,
      bookedOn: statementLines.bookedOn,
      amount: statementPayments.amount,
      currency: statementLines.currency,
      remark: statementLines.remark,
      payer: statementLines.payer,
      bankTransactionId: statementLines.bankTransactionId,
    })
    .from(statementPayments)
    .innerJoin(tickets, eq(tickets.id, statementPayments.ticketId))
    .innerJoin(statementLines, eq(statementLines.id, statementPayments.lineId))
    .where(inArray(tickets.paymentReference, references))
    .orderBy(asc(statementLines.bookedOn), asc(statementLines.row));
  for (const { reference, ...payment } of rows) {
    byReference.set(reference, [...(byReference.get(reference) ?? []), payment]);
  }
  return byReference;
}

type CardPayment = NonNullable<AdminTicket['cardPayment']>;

/** The newest card payment of each booking paid by card online (docs/decisions/042), by reference. */
async function cardPaymentsOf(db: DbOrTx, references: string[]): Promise<Map<string, CardPayment>> {
  const byReference = new Map<string, CardPayment>();
  if (references.length === 0) return byReference;
  const rows = await db
    .select({
      reference: tickets.paymentReference,
      provider: cardPayments.provider,
      transactionId: cardPayments.transactionId,
      state: cardPayments.state,
      amountMinor: cardPayments.amountMinor,
      currency: cardPayments.currency,
    })
    .from(cardPayments)
    .innerJoin(tickets, eq(tickets.id, cardPayments.ticketId))
    .where(inArray(tickets.paymentReference, references))
    .orderBy(asc(cardPayments.createdAt));
  for (const { reference, amountMinor, state, ...payment } of rows) {
    byReference.set(reference, {
      ...payment,
      state: state as CardPayment['state'],
      amount: centsToMoney(BigInt(amountMinor)),
    });
  }
  return byReference;
}

function toAdminTicket(
  row: TicketRow,
  stops: AdminStop[],
  paid: StatementPayment[],
  card: CardPayment | null,
): AdminTicket {
  const t = row.ticket;
  return {
    id: t.id,
    reference: t.paymentReference,
    // A return's way back says so (docs/decisions/037); a single trip or an outbound says nothing.
    ...(t.journey === 2 ? { journey: 2 } : {}),
    scheduleId: t.scheduleId,
    travelDate: t.travelDate,
    passengerName: t.passengerName,
    passengerEmail: t.passengerEmail,
    passengerPhone: t.passengerPhone,
    passengerNationality: t.passengerNationality,
    clientIp: t.clientIp,
    adultCount: t.adultCount,
    childCount: t.childCount,
    infantCount: t.infantCount,
    totalAmount: t.totalAmount,
    currency: t.currency === 'USD' ? 'USD' : 'MVR',
    exchangeRate: t.exchangeRate,
    paymentMethod: t.paymentMethod,
    channel: saleChannel(t.channel),
    partnerName: row.partnerName,
    transferReference: t.transferReference,
    voidReason: t.voidReason,
    bankAccount: {
      bankName: t.bankName ?? '',
      accountHolder: t.accountHolder ?? '',
      accountNumber: t.accountNumber ?? '',
    },
    ticketBreakdown: t.ticketBreakdown,
    seatNumbers: t.seatNumbers,
    launch: row.launchName === null ? null : { id: t.launchId, name: row.launchName },
    ticketStatus: t.ticketStatus as TicketStatus,
    paymentStatus: t.paymentStatus as PaymentStatus,
    markedStatus: (t.markedStatus as MarkedStatus | null) ?? null,
    remarks: t.remarks,
    hasSlip: Boolean(t.paymentSlipKey),
    extraPayment: t.extraAmount
      ? {
          amount: t.extraAmount,
          hasSlip: Boolean(t.extraSlipKey),
          firstAmount: t.firstPaymentAmount ?? centsToMoney(toCents(t.totalAmount) - toCents(t.extraAmount)),
          firstVerified: t.firstPaymentVerified ?? false,
        }
      : null,
    openRefunds: Number(row.openRefunds),
    boarded: row.boarded,
    from: t.userOriginId && row.originName !== null ? { id: t.userOriginId, name: row.originName } : null,
    to:
      t.userDestinationId && row.destinationName !== null
        ? { id: t.userDestinationId, name: row.destinationName }
        : null,
    passengerDepartureTime: hhmm(t.passengerDepartureTime),
    schedule: {
      departureTime: hhmm(row.scheduleDepartureTime) ?? '',
      status: row.scheduleStatus,
      stops,
    },
    createdAt: t.createdAt.toISOString(),
    approvedAt: t.approvedAt ? t.approvedAt.toISOString() : null,
    statementPayments: paid,
    cardPayment: card,
  };
}

export type ListTicketsWhereOptions = {
  db: DbOrTx;
  where?: SQL | undefined;
  limit?: number;
  /** `departure`: the soonest departure from the passenger's stop first, then first booked. */
  order?: TicketOrder;
};

/** Admin views of the tickets matching `where` (all without one), newest first unless told. */
export async function listTicketsWhere(opts: ListTicketsWhereOptions): Promise<AdminTicket[]> {
  const { db } = opts;
  const query = selectTickets(db)
    .where(opts.where)
    .orderBy(...ticketOrderBy(opts.order ?? 'newest'))
    .$dynamic();
  const rows = await (opts.limit ? query.limit(opts.limit) : query);
  // Only bookings that went to the card gateway have card payments to read.
  const byCard = rows.filter((r) => r.ticket.paymentMethod === CARD_ONLINE);
  const [stops, paid, cards] = await readTogether(db, [
    () => listStopsOf({ db, scheduleIds: rows.map((r) => r.ticket.scheduleId) }),
    () => statementPaymentsOf(db, [...new Set(rows.map((r) => r.ticket.paymentReference))]),
    () => cardPaymentsOf(db, [...new Set(byCard.map((r) => r.ticket.paymentReference))]),
  ]);
  return rows.map((row) =>
    toAdminTicket(
      row,
      stops.get(row.ticket.scheduleId) ?? [],
      paid.get(row.ticket.paymentReference) ?? [],
      cards.get(row.ticket.paymentReference) ?? null,
    ),
  );
}
