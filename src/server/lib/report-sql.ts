import { sql } from 'drizzle-orm';

/*
 * What the reports' queries share (docs/product.md, Reports). Each query names the tickets
 * table `t`.
 */

/** A booking sold: confirmed, or completed with its trip; of every channel. */
export const SOLD_STATES = sql.raw(`('confirmed', 'completed')`);

const personsNotInfants = `(t.adult_count + t.child_count + (
  SELECT coalesce(sum((e.value->>'quantity')::int), 0)
    FROM jsonb_array_elements(t.ticket_breakdown) AS e
   WHERE e.value->>'category' NOT IN ('adult', 'child', 'infant')))`;

/**
 * The persons of a ticket `t` other than its infants: adults, children and the concessions'
 * persons, who have no count column of their own (docs/decisions/036-fare-categories.md).
 */
export const PERSONS_NOT_INFANTS = sql.raw(personsNotInfants);

/** Every person of a ticket `t`'s party, infants included. */
export const PARTY = sql.raw(`(${personsNotInfants} + t.infant_count)`);
