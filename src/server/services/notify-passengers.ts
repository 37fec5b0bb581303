import type { DbOrTx } from '#server/db/client.ts';
import { type ComposeMail, enqueueMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason } from '#shared/disruptions.ts';
import { disruptionMail, reminderMail } from './ticket-mails.ts';

/*
 * Telling passengers about their booking (docs/decisions/026): a disruption of their departure,
 * and the reminder the day before. Every notice goes through one interface; e-mail, through the
 * durable outbox, is the one channel built. An SMS or WhatsApp gateway is one more Notifier: it
 * says whether it could reach the passenger and queues its message in the same transaction as
 * the change, so a notice is never sent for a change that rolled back, nor lost for one that
 * committed.
 */

/** What a passenger is told, about one of their bookings. */
export type PassengerNotice =
  | { kind: 'departure_cancelled'; ticket: AdminTicket; reason: CancelReason; note: string | null }
  /** `ticket` already carries its new departure and seats. */
  | { kind: 'departure_moved'; ticket: AdminTicket; reason: CancelReason; note: string | null }
  /** `ticket` already carries the new time; `was` is the passenger's time before. */
  | {
      kind: 'departure_delayed';
      ticket: AdminTicket;
      reason: CancelReason;
      note: string | null;
      was: string;
    }
  /** The day before departure (send-reminders.ts); `eTicketUrl` opens the passenger's e-ticket. */
  | { kind: 'day_before_reminder'; ticket: AdminTicket; eTicketUrl: string };

/** The kinds of notice a disruption sends. */
export type DisruptionNotice = Exclude<PassengerNotice, { kind: 'day_before_reminder' }>;

export type Notifier = {
  /** The channel's name, for counts and logs: 'email'. */
  channel: string;
  /** Queues the notice in the caller's transaction; false when this channel cannot reach the passenger. */
  notify(tx: DbOrTx, notice: PassengerNotice): Promise<boolean>;
};

/**
 * A notice's e-mail, in the booking's language (ticket-mails.ts): what the outbox queues, and
 * what a disruption's preview shows the office before anything is sent.
 */
export function noticeMail(notice: PassengerNotice): ComposeMail {
  if (notice.kind === 'day_before_reminder') return reminderMail(notice.ticket, notice.eTicketUrl);
  const why = { reason: notice.reason, note: notice.note };
  return disruptionMail(
    notice.ticket,
    notice.kind,
    notice.kind === 'departure_delayed' ? { ...why, was: notice.was } : why,
  );
}

/** E-mail through the outbox, in the ticket's language; a booking without an address is not reachable. */
export const emailNotifier: Notifier = {
  channel: 'email',
  async notify(tx, notice) {
    if (!notice.ticket.passengerEmail.trim()) return false;
    await enqueueMail(tx, noticeMail(notice));
    return true;
  },
};

/** The channels a deployment has; one passenger may be reached by several. */
export const NOTIFIERS: readonly Notifier[] = [emailNotifier];

/** Sends `notice` by every channel; true when at least one reached the passenger. */
export async function notifyPassenger(
  tx: DbOrTx,
  notice: PassengerNotice,
  notifiers: readonly Notifier[] = NOTIFIERS,
): Promise<boolean> {
  let reached = false;
  for (const notifier of notifiers) reached = (await notifier.notify(tx, notice)) || reached;
  return reached;
}
