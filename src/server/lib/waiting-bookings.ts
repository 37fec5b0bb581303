import { type SQL, sql } from 'drizzle-orm';
import { tickets } from '#server/db/schema.ts';

/*
 * The bookings a bank statement can pay (docs/decisions/038): an online booking's first journey
 * still pending with its payment pending and not voided. Its total is the sum over the rows of
 * its reference (a return's two journeys each carry their share, docs/decisions/037).
 */

/** A name as a payer's and a passenger's are compared: lower case, spaces collapsed. */
export const comparableName = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/** `id, reference, currency, name, total` of every waiting booking, for a `with` clause. */
export const waitingBookings = sql`
  select t.id, t.payment_reference as reference, t.currency, t.passenger_name,
    ${comparableName(sql`t.passenger_name`)} as name, s.total
  from ${tickets} t
  join (select payment_reference, sum(total_amount) as total from ${tickets} group by payment_reference) s
    on s.payment_reference = t.payment_reference
  where t.journey = 1 and t.channel = 'online' and t.ticket_status = 'pending'
    and t.payment_status = 'pending' and t.voided_at is null`;
