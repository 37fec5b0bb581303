import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import type { ETicket } from '#shared/e-ticket-api.ts';
import ETICKET_EN from '#shared/messages/eticket.ts';
import type { BookingLookup } from '#shared/schemas.ts';
import { type BookingFacts, readBookingView } from './read-booking-view.ts';

/** An e-ticket link keeps working this many days after its travel date, then reads as unknown. */
export const E_TICKET_LINK_DAYS = 7;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const notFound = () => new AppError('e_ticket_not_found', ETICKET_EN.notFound, 404);

export type ReadETicketOptions = {
  db: DbOrTx;
  token: string;
  signer: TicketSigner;
  today: string;
};

/**
 * The e-ticket a link opens: the booking, and while it is confirmed, its signed code. An unknown
 * token and one past its days answer alike.
 */
export async function readETicket(opts: ReadETicketOptions): Promise<ETicket> {
  if (!TOKEN.test(opts.token)) throw notFound();
  const found = await readBookingView({ db: opts.db, where: eq(tickets.eticketToken, opts.token) });
  if (!found || addDays(found.view.travelDate, E_TICKET_LINK_DAYS) < opts.today) throw notFound();
  // Every journey of the booking with its own code, each signed as its own row (docs/decisions/037).
  const journeyCodes = [];
  for (const [i, ticketId] of found.facts.journeyTicketIds.entries()) {
    const journey =
      ticketId === found.facts.ticketId
        ? found
        : await readBookingView({ db: opts.db, where: eq(tickets.id, ticketId) });
    journeyCodes.push({ journey: i + 1, code: journey ? signedCode(journey, opts.signer) : null });
  }
  return { ...found.view, code: signedCode(found, opts.signer), journeyCodes };
}

/** The boarding code of a booking while it is confirmed, signed; null otherwise. */
export function signedCode(
  { view, facts }: { view: BookingLookup; facts: BookingFacts },
  signer: TicketSigner,
): string | null {
  const boards = view.ticketStatus === 'confirmed' && facts.fromStop >= 0 && facts.toStop > facts.fromStop;
  return boards
    ? signer.sign({
        ticketId: facts.ticketId,
        scheduleId: facts.scheduleId,
        travelDate: view.travelDate,
        fromStop: facts.fromStop,
        toStop: facts.toStop,
        seats: view.seatNumbers,
        adults: view.adultCount,
        children: view.childCount,
        infants: view.infantCount,
        version: facts.eticketVersion,
      })
    : null;
}
