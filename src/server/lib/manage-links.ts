import type { DbOrTx } from '#server/db/client.ts';
import { signValue, verifySignedValue } from './signing-keys.ts';

/** A manage link opens its booking's page (reads only) for this many days after it was made. */
export const MANAGE_LINK_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type SignManageLinkOptions = { db: DbOrTx; ticketId: string; now: Date };

/**
 * The token of a booking's manage link (docs/decisions/027): the ticket id and an expiry, signed
 * with the server's rotating HMAC key. It only reads, so it may be opened again and again (mail
 * scanners open links before people do); every change needs a one-time code on top.
 */
export async function signManageLink({ db, ticketId, now }: SignManageLinkOptions): Promise<string> {
  const expires = Math.floor((now.getTime() + MANAGE_LINK_DAYS * DAY_MS) / 1000);
  return signValue({ db, purpose: 'manage-link', payload: `${ticketId}~${expires}` });
}

export type ReadManageLinkOptions = { db: DbOrTx; token: string | undefined; now: Date };

/** The ticket a manage link opens, or null for anything forged, changed, unknown or expired. */
export async function readManageLink({ db, token, now }: ReadManageLinkOptions): Promise<string | null> {
  const payload = await verifySignedValue({ db, purpose: 'manage-link', value: token });
  if (!payload) return null;
  const [ticketId = '', expires = ''] = payload.split('~');
  if (!UUID.test(ticketId) || Number(expires) * 1000 <= now.getTime()) return null;
  return ticketId;
}

export type ManageLinkUrlOptions = {
  db: DbOrTx;
  base: string;
  ticket: { id: string; reference: string };
  now: Date;
};

/** The page a manage link opens, for a mail. */
export async function manageLinkUrl({ db, base, ticket, now }: ManageLinkUrlOptions): Promise<string> {
  const token = await signManageLink({ db, ticketId: ticket.id, now });
  return `${base}/bookings/${encodeURIComponent(ticket.reference)}/manage?k=${encodeURIComponent(token)}`;
}

let mailLinkBase: string | null = null;

/** Where the manage links in passenger mails point (Config.linkBase); set once when the app starts. */
export function configureManageLinks(config: { linkBase: string }) {
  mailLinkBase = config.linkBase;
}

/** The site's address for anything a mail links to or shows (a logo), or null when none is known. */
export const mailLinkBaseUrl = (): string | null => mailLinkBase;

export type MailManageLinkOptions = { db: DbOrTx; ticket: { id: string; reference: string }; now?: Date };

/** The manage page's link for a mail, or null when no public address is known. */
export async function mailManageLink({
  db,
  ticket,
  now = new Date(),
}: MailManageLinkOptions): Promise<string | null> {
  return mailLinkBase ? manageLinkUrl({ db, base: mailLinkBase, ticket, now }) : null;
}
