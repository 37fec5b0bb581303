import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { LaterMail, QueuedMail } from '#server/lib/mailer.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import { approvedMail } from '#server/mails/approved-mail.ts';
import { listTicketsById } from './list-tickets-by-id.ts';
import { readBookingView } from './read-booking-view.ts';
import { signedCode } from './read-e-ticket.ts';

export type WriteLaterMailOptions = {
  db: DbOrTx;
  later: LaterMail;
  /** Where the e-ticket link points (`<base>/t/<token>`); without it the mail carries no link. */
  eTicketBase?: string | undefined;
  /** Signs the e-ticket's code for the QR code the approval mail shows. */
  signer?: TicketSigner | undefined;
};

/**
 * A mail queued to be written when it is sent (docs/decisions/041), written from the booking as
 * it is now: an approval's e-ticket mail, with its link and its signed QR code.
 */
export async function writeLaterMail({
  db,
  later,
  eTicketBase,
  signer,
}: WriteLaterMailOptions): Promise<QueuedMail> {
  const [ticket] = await listTicketsById({ db, ids: [later.ticketId] });
  if (!ticket) throw new Error(`the booking of a ${later.kind} mail is gone (ticket ${later.ticketId})`);
  const [row] = await db
    .select({ token: tickets.eticketToken })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  if (!eTicketBase || !row?.token) return approvedMail(ticket)(db);
  const found = signer ? await readBookingView({ db, where: eq(tickets.id, ticket.id) }) : null;
  const code = found && signer ? signedCode(found, signer) : null;
  return approvedMail(ticket, { url: `${eTicketBase}/t/${row.token}`, code })(db);
}
