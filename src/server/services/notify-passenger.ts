import type { DbOrTx } from '#server/db/client.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { noticeMail, type PassengerNotice } from '#server/mails/notice-mail.ts';

/*
 * Telling passengers about their booking (docs/decisions/026): a disruption of their departure,
 * and the reminder the day before. Every notice goes through one interface; e-mail, through the
 * durable outbox, is the one channel built. An SMS or WhatsApp gateway is one more Notifier: it
 * says whether it could reach the passenger and queues its message in the same transaction as
 * the change, so a notice is never sent for a change that rolled back, nor lost for one that
 * committed.
 */

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
    await enqueueMail({ db: tx, mail: noticeMail(notice) });
    return true;
  },
};

/** The channels a deployment has; one passenger may be reached by several. */
export const NOTIFIERS: readonly Notifier[] = [emailNotifier];

export type NotifyPassengerOptions = {
  db: DbOrTx;
  notice: PassengerNotice;
  /** The channels to try; every one the deployment has by default. */
  notifiers?: readonly Notifier[] | undefined;
};

/** Sends `notice` by every channel; true when at least one reached the passenger. */
export async function notifyPassenger(opts: NotifyPassengerOptions): Promise<boolean> {
  let reached = false;
  for (const notifier of opts.notifiers ?? NOTIFIERS) {
    reached = (await notifier.notify(opts.db, opts.notice)) || reached;
  }
  return reached;
}
