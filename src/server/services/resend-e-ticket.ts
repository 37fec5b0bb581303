import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import { eTicketMail } from '#server/mails/e-ticket-mail.ts';
import { readTicket } from './read-ticket.ts';

/** One resend per reference in this window, whoever asks. */
export const E_TICKET_RESEND_WINDOW_MS = 10 * 60_000;

export type ResendETicketOptions = {
  db: Db;
  reference: string;
  now: Date;
  linkBase: string;
};

/**
 * "Send my e-ticket again" (Check Booking): mails the link to the booking's own address, only
 * for a confirmed booking with an e-ticket and at most once per window. The caller answers the
 * same whatever happened, so the request tells nobody whether a reference exists.
 */
export async function resendETicket(opts: ResendETicketOptions): Promise<boolean> {
  const reference = normalizeReference(opts.reference);
  if (!reference || reference.length > 64) return false;
  const windowStart = new Date(opts.now.getTime() - E_TICKET_RESEND_WINDOW_MS);
  return opts.db.transaction(async (tx) => {
    // Claims the window in the same statement that checks it: two requests at once send one mail.
    const [claimed] = await tx
      .update(tickets)
      .set({ eticketMailedAt: opts.now })
      .where(
        and(
          eq(sql`lower(${tickets.paymentReference})`, reference),
          eq(tickets.ticketStatus, 'confirmed'),
          isNotNull(tickets.eticketToken),
          or(isNull(tickets.eticketMailedAt), lt(tickets.eticketMailedAt, windowStart)),
        ),
      )
      .returning({ id: tickets.id, token: tickets.eticketToken });
    if (!claimed?.token) return false;
    const ticket = await readTicket({ db: tx, id: claimed.id });
    await enqueueMail({ db: tx, mail: eTicketMail(ticket, `${opts.linkBase}/t/${claimed.token}`) });
    return true;
  });
}
