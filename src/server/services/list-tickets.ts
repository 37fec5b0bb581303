import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { schedules, statementPayments, ticketCounts, tickets } from '#server/db/schema.ts';
import { cursorOf, keyOf } from '#server/lib/keyset.ts';
import {
  afterTicketKey,
  TICKET_KEY_PARTS,
  type TicketOrder,
  ticketKeyColumns,
  ticketOrderBy,
} from '#server/lib/ticket-order.ts';
import type { TicketList, TicketListQuery, TicketStatus, TicketTab } from '#shared/admin-api.ts';
import { TICKET_PAGE_SIZE } from '#shared/constants.ts';
import { listTicketsWhere } from './list-tickets-where.ts';

/** docs/product.md section 4: the Approved tab shows confirmed tickets, Rejected shows cancelled ones. */
const TAB_STATUS: Record<TicketTab, TicketStatus> = {
  pending: 'pending',
  approved: 'confirmed',
  rejected: 'cancelled',
};

/** `%`, `_` and `\` typed by the admin are matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The ids and keys of one more ticket than a page holds after `after` (the first page without
 * one): whether there is a next page, and where it starts. Only the sort's own columns are read
 * here; the page's tickets are read in full by id.
 */
function pageKeys(db: DbOrTx, where: SQL | undefined, order: TicketOrder, after: string[] | null) {
  const from = db
    .select({ id: tickets.id, ...ticketKeyColumns(order) })
    .from(tickets)
    .$dynamic();
  // The departure is the passenger's stop's time, else the trip's.
  const query =
    order === 'departure' ? from.innerJoin(schedules, eq(schedules.id, tickets.scheduleId)) : from;
  return query
    .where(after ? and(where, afterTicketKey(order, after)) : where)
    .orderBy(...ticketOrderBy(order))
    .limit(TICKET_PAGE_SIZE + 1);
}

export type ListTicketsOptions = { db: DbOrTx; query: TicketListQuery };

/**
 * GET /api/admin/tickets (docs/product.md section 2, Ticket management): a tab, a travel date, a
 * reference substring, and one passenger e-mail or client address; counts per tab under the
 * same filters. The Pending tab by departure, soonest first; the others newest first.
 * TICKET_PAGE_SIZE tickets a page, the next after `cursor` (lib/keyset.ts): a year of a busy
 * operator's Approved tab is some 450,000.
 */
export async function listTickets(opts: ListTicketsOptions): Promise<TicketList> {
  const { db, query } = opts;
  // The review queue works the soonest departure first: those passengers need their answer first.
  const order: TicketOrder = query.status === 'pending' ? 'departure' : 'newest';
  // A cursor that is not one of this order's is refused before anything is read.
  const after = query.cursor ? keyOf(query.cursor, order, TICKET_KEY_PARTS[order]) : null;
  const filters: SQL[] = [];
  if (query.date) filters.push(eq(tickets.travelDate, query.date));
  if (query.q) {
    filters.push(sql`${tickets.paymentReference} ilike ${`%${likeEscape(query.q)}%`}`);
  }
  if (query.email) filters.push(eq(sql`lower(${tickets.passengerEmail})`, query.email));
  if (query.clientIp) filters.push(eq(tickets.clientIp, query.clientIp));
  if (query.paidBy === 'statement') {
    // A payment is recorded on the booking's first journey; a return's way back counts with it.
    filters.push(
      sql`${tickets.paymentReference} in (select paid.payment_reference from ${statementPayments} sp
        join ${tickets} paid on paid.id = sp.ticket_id)`,
    );
  }
  const shared = filters.length > 0 ? and(...filters) : undefined;
  const where = query.status ? and(shared, eq(tickets.ticketStatus, TAB_STATUS[query.status])) : shared;

  const [keys, grouped] = await readTogether(db, [
    () => pageKeys(db, where, order, after),
    // By date alone, or the whole year: the kept counts (docs/decisions/045-year-scale.md), a
    // few rows per date where counting the tickets reads 450,000 of them; any other filter
    // narrows the tickets through its own index, and they are counted as they are.
    () =>
      query.q || query.email || query.clientIp || query.paidBy
        ? db
            .select({ status: tickets.ticketStatus, n: count() })
            .from(tickets)
            .where(shared)
            .groupBy(tickets.ticketStatus)
        : db
            .select({ status: ticketCounts.ticketStatus, n: sql<number>`sum(${ticketCounts.tickets})::int` })
            .from(ticketCounts)
            .where(query.date ? eq(ticketCounts.travelDate, query.date) : undefined)
            .groupBy(ticketCounts.ticketStatus),
  ]);
  const countOf = (status: TicketStatus) => Number(grouped.find((g) => g.status === status)?.n ?? 0);
  const page = keys.slice(0, TICKET_PAGE_SIZE);
  const last = page.at(-1);
  // Read again under the filters: a ticket that left the tab since (approved, deleted) is not
  // shown in it; the next page still starts after the key read above, so none is skipped.
  const list =
    page.length === 0
      ? []
      : await listTicketsWhere({
          db,
          where: and(
            where,
            inArray(
              tickets.id,
              page.map((k) => k.id),
            ),
          ),
          order,
        });
  return {
    tickets: list,
    counts: {
      pending: countOf('pending'),
      approved: countOf('confirmed'),
      rejected: countOf('cancelled'),
    },
    next: keys.length > TICKET_PAGE_SIZE && last ? cursorOf(order, last.key) : null,
  };
}
