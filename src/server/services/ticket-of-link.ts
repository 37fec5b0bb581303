import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { manageLinkInvalid } from '#server/lib/manage-errors.ts';
import { readManageLink } from '#server/lib/manage-links.ts';
import { normalizeReference } from '#server/lib/reference.ts';

export type TicketOfLinkOptions = {
  db: DbOrTx;
  reference: string;
  link: string | undefined;
  now: Date;
};

/** The ticket a manage link opens, which must be the reference's own; 404 otherwise. */
export async function ticketOfLink(opts: TicketOfLinkOptions): Promise<string> {
  const ticketId = await readManageLink({ db: opts.db, token: opts.link, now: opts.now });
  if (!ticketId) throw manageLinkInvalid();
  const [row] = await opts.db
    .select({ reference: tickets.paymentReference })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row || row.reference.toLowerCase() !== normalizeReference(opts.reference)) throw manageLinkInvalid();
  return ticketId;
}
