import { sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { boardings, tickets } from '#server/db/schema.ts';

/** `"table"."column"`: a query of one table names its columns bare, which a subquery would misread. */
const qualified = (table: AnyPgTable, column: AnyPgColumn) => sql`${table}.${sql.identifier(column.name)}`;

/**
 * How many of a ticket's party are on board: what its boardings took (`accepted`), the one record
 * of it (docs/decisions/024). Only a boarding adds to it, and nothing takes from it, so a marking
 * made later cannot free a boarded party for another scan or a void. At most the party: before
 * boardings were the record, a no-show marking could let a party board twice. Infants on a lap are
 * of the party (docs/decisions/035-every-person-named.md).
 */
export const boardedPersons = sql<number>`least(
  (select coalesce(sum(${qualified(boardings, boardings.accepted)}), 0) from ${boardings}
    where ${qualified(boardings, boardings.ticketId)} = ${qualified(tickets, tickets.id)}),
  ${qualified(tickets, tickets.adultCount)} + ${qualified(tickets, tickets.childCount)}
    + ${qualified(tickets, tickets.infantCount)}
)::int`.mapWith(Number);
