import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { schedules, tickets } from '#server/db/schema.ts';
import { type KeyPart, keyInstant } from './keyset.ts';

/**
 * The orders the office lists tickets in. `newest`: first booked last. `departure`: the soonest
 * departure from the passenger's stop first, then first booked (the review queue). Both end with
 * the id, so no two tickets tie and a page's last key says exactly where the next one starts.
 */
export type TicketOrder = 'newest' | 'departure';

/** The departure from the passenger's own stop, else the trip's; a query with it joins `schedules`. */
const departure = sql`coalesce(${tickets.passengerDepartureTime}, ${schedules.departureTime})`;

export function ticketOrderBy(order: TicketOrder): SQL[] {
  return order === 'departure'
    ? [asc(tickets.travelDate), asc(departure), asc(tickets.createdAt), asc(tickets.id)]
    : [desc(tickets.createdAt), desc(tickets.id)];
}

/** What each order's key holds, in its order (lib/keyset.ts checks a cursor's values by these). */
export const TICKET_KEY_PARTS: Record<TicketOrder, readonly KeyPart[]> = {
  departure: ['date', 'time', 'instant', 'uuid'],
  newest: ['instant', 'uuid'],
};

/** The key of each row, as text in the shape TICKET_KEY_PARTS names. */
export function ticketKeyColumns(order: TicketOrder): Record<'key', SQL<string[]>> {
  const parts =
    order === 'departure'
      ? sql`to_char(${tickets.travelDate}, 'YYYY-MM-DD'), (${departure})::text, ${keyInstant(tickets.createdAt)}, ${tickets.id}::text`
      : sql`${keyInstant(tickets.createdAt)}, ${tickets.id}::text`;
  return { key: sql<string[]>`array[${parts}]` };
}

/**
 * The tickets after `key` in the order. The row comparison says it whole; the bound on its first
 * column beside it is what an index on that column can start from.
 */
export function afterTicketKey(order: TicketOrder, key: readonly string[]): SQL {
  if (order === 'departure') {
    const [date, time, at, id] = key;
    return sql`${tickets.travelDate} >= ${date}::date and
      (${tickets.travelDate}, ${departure}, ${tickets.createdAt}, ${tickets.id})
        > (${date}::date, ${time}::time, ${at}::timestamptz, ${id}::uuid)`;
  }
  const [at, id] = key;
  return sql`${tickets.createdAt} <= ${at}::timestamptz and
    (${tickets.createdAt}, ${tickets.id}) < (${at}::timestamptz, ${id}::uuid)`;
}
