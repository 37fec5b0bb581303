import { type SQL, sql } from 'drizzle-orm';
import { tickets } from '#server/db/schema.ts';

/*
 * The bookings a bank statement can pay (docs/decisions/038): an online booking's first journey
 * still pending with its payment pending and not voided. Its total is the sum over the rows of
 * its reference (a return's two journeys each carry their share, docs/decisions/037).
 */

/** A name as a payer's and a passenger's are compared: lower case, spaces collapsed. */
export const comparableName = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/** The conditions on a ticket row `t` that make it a waiting booking's first journey. */
export const isWaiting = sql`t.journey = 1 and t.channel = 'online' and t.ticket_status = 'pending'
    and t.payment_status = 'pending' and t.voided_at is null`;

/**
 * A booking's total, by the unique (reference, journey) index: a lookup per booking, where a
 * grouped sum over every ticket is recomputed per row by a planner with no statistics.
 */
export const bookingTotal = (reference: SQL) =>
  sql`(select sum(r.total_amount) from ${tickets} r where r.payment_reference = ${reference})`;

/** `id, reference, currency, name, total` of every waiting booking, for a `with` clause. */
export const waitingBookings = sql`
  select t.id, t.payment_reference as reference, t.currency, t.passenger_name,
    ${comparableName(sql`t.passenger_name`)} as name, ${bookingTotal(sql`t.payment_reference`)} as total
  from ${tickets} t
  where ${isWaiting}`;
