import type { DbOrTx } from '#server/db/client.ts';
import { signValue, verifySignedValue } from './signing-keys.ts';

/** A manage link opens its booking's page (reads only) for this many days after it was made. */
export const MANAGE_LINK_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token of a booking's manage link (docs/decisions/027): the ticket id and an expiry, signed
 * with the server's rotating HMAC key. It only reads, so it may be opened again and again (mail
 * scanners open links before people do); every change needs a one-time code on top.
 */
export async function signManageLink(db: DbOrTx, ticketId: string, now: Date): Promise<string> {
  const expires = Math.floor((now.getTime() + MANAGE_LINK_DAYS * DAY_MS) / 1000);
  return signValue(db, 'manage-link', `${ticketId}~${expires}`);
}

/** The ticket a manage link opens, or null for anything forged, changed, unknown or expired. */
export async function readManageLink(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
): Promise<string | null> {
  const payload = await verifySignedValue(db, 'manage-link', token);
  if (!payload) return null;
  const [ticketId = '', expires = ''] = payload.split('~');
  if (!UUID.test(ticketId) || Number(expires) * 1000 <= now.getTime()) return null;
  return ticketId;
}

/** The page a manage link opens, for a mail. */
export async function manageLinkUrl(
  db: DbOrTx,
  base: string,
  ticket: { id: string; reference: string },
  now: Date,
): Promise<string> {
  const token = await signManageLink(db, ticket.id, now);
  return `${base}/bookings/${encodeURIComponent(ticket.reference)}/manage?k=${encodeURIComponent(token)}`;
}

let mailLinkBase: string | null = null;

/** Where the manage links in passenger mails point (Config.linkBase); set once when the app starts. */
export function configureManageLinks(config: { linkBase: string }) {
  mailLinkBase = config.linkBase;
}

/** The manage page's link for a mail, or null when no public address is known. */
export async function mailManageLink(
  db: DbOrTx,
  ticket: { id: string; reference: string },
  now: Date = new Date(),
): Promise<string | null> {
  return mailLinkBase ? manageLinkUrl(db, mailLinkBase, ticket, now) : null;
}
