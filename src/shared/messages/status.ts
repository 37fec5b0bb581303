// English texts of the status namespace: ids `status.<key>` (src/shared/messages/catalogues.ts). A booking's
// ticket and payment status and its sentence, shown once a booking is found (Check Your
// Booking's outcome), so the page's first load carries none of them. The statuses are the
// server's (src/shared/messages/api.ts, which the API still sends in English): the page shows these,
// in the passenger's language, by the status the API answers.
import { LOOKUP_STATUS_TEXT, PAYMENT_STATUS_LABEL, SLIP_RECEIVED_LABEL, TICKET_STATUS_LABEL } from './api.ts';

export default {
  ticketPending: TICKET_STATUS_LABEL.pending,
  ticketAwaitingCard: TICKET_STATUS_LABEL.awaiting_card,
  ticketConfirmed: TICKET_STATUS_LABEL.confirmed,
  ticketCancelled: TICKET_STATUS_LABEL.cancelled,
  ticketCompleted: TICKET_STATUS_LABEL.completed,
  ticketVoided: TICKET_STATUS_LABEL.voided,
  ticketCancelledByOperator: TICKET_STATUS_LABEL.cancelled_by_operator,
  ticketCancelledByPassenger: TICKET_STATUS_LABEL.cancelled_by_passenger,
  paymentPending: PAYMENT_STATUS_LABEL.pending,
  paymentCompleted: PAYMENT_STATUS_LABEL.completed,
  paymentFailed: PAYMENT_STATUS_LABEL.failed,
  statusPending: LOOKUP_STATUS_TEXT.pending,
  statusAwaitingCard: LOOKUP_STATUS_TEXT.awaiting_card,
  statusConfirmed: LOOKUP_STATUS_TEXT.confirmed,
  statusCancelled: LOOKUP_STATUS_TEXT.cancelled,
  statusCompleted: LOOKUP_STATUS_TEXT.completed,
  statusVoided: LOOKUP_STATUS_TEXT.voided,
  statusCancelledByOperator: LOOKUP_STATUS_TEXT.cancelled_by_operator,
  statusCancelledByPassenger: LOOKUP_STATUS_TEXT.cancelled_by_passenger,
  /**
   * A booking sent to pay later (docs/decisions/040-pay-later.md) whose transfer has not come in:
   * time is when it falls due, where the operator is.
   */
  statusAwaitingTransfer: 'Waiting for your transfer until {time}. A booking not paid by then is released.',
  /** A pending payment whose slip has come in. */
  paymentSlipReceived: SLIP_RECEIVED_LABEL,
  /** duration: approvalHours and the like. */
  slipReceivedUsually: `${SLIP_RECEIVED_LABEL} — usually approved within {duration}`,
  approvalHours: '{n, plural, one {# hour} other {# hours}}',
  approvalMinutes: '{n, plural, one {# minute} other {# minutes}}',
  approvalHoursMinutes:
    '{hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}}',
} as const;
