import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import {
  launches,
  locations,
  refundRequests,
  scheduleRouteStops,
  schedules,
  tickets,
} from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { hhmm } from '#server/lib/clock.ts';
import type {
  AdminStop,
  AdminTicket,
  MarkedStatus,
  PaymentStatus,
  TicketList,
  TicketListQuery,
  TicketStatus,
  TicketTab,
} from '#shared/admin-api.ts';
import { UNKNOWN_LOCATION } from '#shared/messages.ts';
import { centsToMoney, toCents } from '#shared/money.ts';

/** docs/product.md section 4: the Approved tab shows confirmed tickets, Rejected shows cancelled ones. */
const TAB_STATUS: Record<TicketTab, TicketStatus> = {
  pending: 'pending',
  approved: 'confirmed',
  rejected: 'cancelled',
};

/** Stops of many schedules in one query, in route order, keyed by schedule id. */
export async function listStopsOf(db: DbOrTx, scheduleIds: string[]): Promise<Map<string, AdminStop[]>> {
  const byId = new Map<string, AdminStop[]>();
  if (scheduleIds.length === 0) return byId;
  const rows = await db
    .select({
      scheduleId: scheduleRouteStops.scheduleId,
      stopOrder: scheduleRouteStops.stopOrder,
      locationId: scheduleRouteStops.locationId,
      name: locations.name,
      departureTime: scheduleRouteStops.departureTime,
    })
    .from(scheduleRouteStops)
    .leftJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .where(inArray(scheduleRouteStops.scheduleId, [...new Set(scheduleIds)]))
    .orderBy(asc(scheduleRouteStops.scheduleId), asc(scheduleRouteStops.stopOrder));
  for (const row of rows) {
    const list = byId.get(row.scheduleId) ?? [];
    list.push({
      stopOrder: row.stopOrder,
      locationId: row.locationId,
      name: row.name ?? UNKNOWN_LOCATION,
      departureTime: hhmm(row.departureTime),
    });
    byId.set(row.scheduleId, list);
  }
  return byId;
}

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
      openRefunds: sql<number>`(select count(*)::int from ${refundRequests} where ${refundRequests.ticketId} = ${tickets.id} and ${refundRequests.status} = 'requested')`,
      boarded: boardedPersons,
    })
    .from(tickets)
    .innerJoin(schedules, eq(schedules.id, tickets.scheduleId))
    .leftJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId));
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

function toAdminTicket(row: TicketRow, stops: AdminStop[]): AdminTicket {
  const t = row.ticket;
  return {
    id: t.id,
    reference: t.paymentReference,
    scheduleId: t.scheduleId,
    travelDate: t.travelDate,
    passengerName: t.passengerName,
    passengerEmail: t.passengerEmail,
    passengerPhone: t.passengerPhone,
    passengerNationality: t.passengerNationality,
    clientIp: t.clientIp,
    adultCount: t.adultCount,
    childCount: t.childCount,
    totalAmount: t.totalAmount,
    currency: t.currency === 'USD' ? 'USD' : 'MVR',
    exchangeRate: t.exchangeRate,
    paymentMethod: t.paymentMethod,
    channel: t.channel === 'counter' ? 'counter' : 'online',
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
  };
}

export type ListTicketsWhereOptions = {
  db: DbOrTx;
  where?: SQL | undefined;
  limit?: number;
};

/** Admin views of the tickets matching `where` (all without one), newest first. */
export async function listTicketsWhere(opts: ListTicketsWhereOptions): Promise<AdminTicket[]> {
  const { db } = opts;
  const query = selectTickets(db)
    .where(opts.where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .$dynamic();
  const rows = await (opts.limit ? query.limit(opts.limit) : query);
  const stops = await listStopsOf(
    db,
    rows.map((r) => r.ticket.scheduleId),
  );
  return rows.map((row) => toAdminTicket(row, stops.get(row.ticket.scheduleId) ?? []));
}

/** `%`, `_` and `\` typed by the admin are matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ListTicketsOptions = { db: DbOrTx; query: TicketListQuery };

/**
 * GET /api/admin/tickets (docs/product.md section 2, Ticket management): a tab, a travel date, a
 * reference substring, and one passenger e-mail or client address; counts per tab under the
 * same filters.
 */
export async function listTickets(opts: ListTicketsOptions): Promise<TicketList> {
  const { db, query } = opts;
  const filters: SQL[] = [];
  if (query.date) filters.push(eq(tickets.travelDate, query.date));
  if (query.q) {
    filters.push(sql`${tickets.paymentReference} ilike ${`%${likeEscape(query.q)}%`}`);
  }
  if (query.email) filters.push(eq(sql`lower(${tickets.passengerEmail})`, query.email));
  if (query.clientIp) filters.push(eq(tickets.clientIp, query.clientIp));
  const shared = filters.length > 0 ? and(...filters) : undefined;
  const where = query.status ? and(shared, eq(tickets.ticketStatus, TAB_STATUS[query.status])) : shared;

  const [list, grouped] = await readTogether(db, [
    () => listTicketsWhere({ db, where }),
    () =>
      db
        .select({ status: tickets.ticketStatus, n: count() })
        .from(tickets)
        .where(shared)
        .groupBy(tickets.ticketStatus),
  ]);
  const countOf = (status: TicketStatus) => grouped.find((g) => g.status === status)?.n ?? 0;
  return {
    tickets: list,
    counts: {
      pending: countOf('pending'),
      approved: countOf('confirmed'),
      rejected: countOf('cancelled'),
    },
  };
}
