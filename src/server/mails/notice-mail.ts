import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason } from '#shared/disruptions.ts';
import { disruptionMail } from './disruption-mail.ts';
import { reminderMail } from './reminder-mail.ts';

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
  /** The day before departure (send-day-before-reminders.ts); `eTicketUrl` opens the passenger's e-ticket. */
  | { kind: 'day_before_reminder'; ticket: AdminTicket; eTicketUrl: string };

/** The kinds of notice a disruption sends. */
export type DisruptionNotice = Exclude<PassengerNotice, { kind: 'day_before_reminder' }>;

/**
 * A notice's e-mail, in the booking's language: what the outbox queues, and what a disruption's
 * preview shows the office before anything is sent.
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
