import { sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { boardings, tickets } from '#server/db/schema.ts';

/** `"table"."column"`: a query of one table names its columns bare, which a subquery would misread. */
const qualified = (table: AnyPgTable, column: AnyPgColumn) => sql`${table}.${sql.identifier(column.name)}`;

/**
 * The persons of a ticket in a concession (docs/decisions/036-fare-categories.md): its breakdown's
 * rows of any category beyond adult, child and infant, which have no count column of their own.
 */
export const concessionPersons = () => sql`(select coalesce(sum((e.value->>'quantity')::int), 0)
    from jsonb_array_elements(${qualified(tickets, tickets.ticketBreakdown)}) as e
    where e.value->>'category' not in ('adult', 'child', 'infant'))`;

/** Every person of a ticket's party: the count columns and the concessions' persons. */
export const partyPersons =
  () => sql`(${qualified(tickets, tickets.adultCount)} + ${qualified(tickets, tickets.childCount)}
    + ${qualified(tickets, tickets.infantCount)} + ${concessionPersons()})`;

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
    + ${qualified(tickets, tickets.infantCount)} + ${concessionPersons()}
)::int`.mapWith(Number);
