import type { DbOrTx } from '#server/db/client.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason } from '#shared/disruptions.ts';
import { disruptionMail } from './ticket-mails.ts';

/*
 * Telling passengers about their booking (docs/decisions/026). Every notice goes through one
 * interface; e-mail, through the durable outbox, is the one channel built. An SMS or WhatsApp
 * gateway is one more Notifier: it says whether it could reach the passenger and queues its
 * message in the same transaction as the change, so a notice is never sent for a change that
 * rolled back, nor lost for one that committed.
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
    };

export type Notifier = {
  /** The channel's name, for counts and logs: 'email'. */
  channel: string;
  /** Queues the notice in the caller's transaction; false when this channel cannot reach the passenger. */
  notify(tx: DbOrTx, notice: PassengerNotice): Promise<boolean>;
};

/** E-mail through the outbox, in the ticket's language; a booking without an address is not reachable. */
export const emailNotifier: Notifier = {
  channel: 'email',
  async notify(tx, notice) {
    if (!notice.ticket.passengerEmail.trim()) return false;
    const why = { reason: notice.reason, note: notice.note };
    const mail = disruptionMail(
      notice.ticket,
      notice.kind,
      notice.kind === 'departure_delayed' ? { ...why, was: notice.was } : why,
    );
    await enqueueMail(tx, mail);
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
